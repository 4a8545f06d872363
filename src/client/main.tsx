import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { adoptCspNonce } from './lib/csp-nonce';
import { createAppRouter } from './router';
import './styles.css';

adoptCspNonce(); // before any dialog can open: its scroll lock inserts a <style>
const router = createAppRouter();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
