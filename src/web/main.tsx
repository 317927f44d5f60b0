import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { BrandProvider, readBrand } from './brand.js';
import { createRoutes } from './routes.js';
import './styles/global.css';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root');

// The start in three tasks, not one: the script's evaluation, the router's creation (its
// first match and loaders) and the first render each hand the main thread back between them,
// so none blocks input for long on a slow phone (docs/performance.md, "The start in turns").
setTimeout(() => {
  const brand = readBrand();
  const router = createBrowserRouter(createRoutes(brand));
  setTimeout(() => {
    createRoot(container).render(
      <StrictMode>
        <BrandProvider brand={brand}>
          <RouterProvider router={router} />
        </BrandProvider>
      </StrictMode>,
    );
  }, 0);
}, 0);
