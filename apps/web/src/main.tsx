import 'bootstrap/dist/css/bootstrap.min.css';
import './theme/theme.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { wireApp } from './app/bootstrap';
import { createQueryClient } from './lib/query-client';
import './i18n';

const queryClient = createQueryClient();
wireApp(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    {/* Nothing is shown until the first translation file settles (loaded or failed, then English). */}
    <Suspense fallback={null}>
      <App queryClient={queryClient} />
    </Suspense>
  </StrictMode>,
);
