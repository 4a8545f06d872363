import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { fitContentSecurityPolicy } from './lib/content-security-policy';
import { createAppRouter } from './router';
import './styles.css';

fitContentSecurityPolicy(); // before any schema parses or dialog opens
const router = createAppRouter();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
