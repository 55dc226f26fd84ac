import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app';
import { initI18n } from './i18n';
import { createQueryClient } from './lib/query-client';
import { Providers } from './providers';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Rendering waits for the common texts of the visitor's language (one small chunk); a screen's own
// texts load with it (useTranslation suspends until they are there).
await initI18n();

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <Providers queryClient={createQueryClient()}>
        <AppRoutes />
      </Providers>
    </BrowserRouter>
  </StrictMode>,
);
