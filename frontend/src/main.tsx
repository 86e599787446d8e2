import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/App';
import { queryClient } from '@/lib/query-client';
import { prefetchLinkSession } from '@/pages/consent-form/link-session';
import '@/index.css';

prefetchLinkSession(queryClient, window.location);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
