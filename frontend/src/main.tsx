import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { ErrorPanel } from '@/components/ErrorPanel';
import { FullPageSpinner } from '@/components/Spinner';
import { configureAmplify } from '@/config/configure-amplify';
import { loadRuntimeConfig } from '@/config/runtime-config';
import './index.css';

const ROOT_NOT_FOUND = 'Root element not found!';

const rootElement = document.getElementById('root');
if (!rootElement) {
  document.body.textContent = ROOT_NOT_FOUND;
  throw new Error(ROOT_NOT_FOUND);
}

const root = createRoot(rootElement);
root.render(<FullPageSpinner />);

// Nothing environment-specific is in the bundle: user pool, API URL and product name come from /config.json.
loadRuntimeConfig()
  .then((config) => {
    configureAmplify(config);
    document.title = config.productName;
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error('Could not start the app:', error);
    root.render(<ErrorPanel />);
  });
