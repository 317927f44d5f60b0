import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { BrandProvider, readBrand } from './brand.js';
import { createRoutes } from './routes.js';
import './styles/global.css';

const brand = readBrand();
const router = createBrowserRouter(createRoutes(brand));
const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <BrandProvider brand={brand}>
      <RouterProvider router={router} />
    </BrandProvider>
  </StrictMode>,
);
