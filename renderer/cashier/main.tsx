import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder until the cashier-window issue.
function CashierPlaceholder() {
  return <main>Counter app — cashier window</main>;
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><CashierPlaceholder /></StrictMode>);
