import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from '@/app/app';
import { routes } from '@/app/routes';
import { makeStore } from '@/app/store';
import '@/styles/global.css';

const store = makeStore();
const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} router={router} />
  </StrictMode>,
);
