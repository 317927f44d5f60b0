import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import '../web/styles/global.css';
import { createOpsRoutes } from './routes.js';

const router = createBrowserRouter(createOpsRoutes());
const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
