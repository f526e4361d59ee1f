import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder until the customer-display issue.
function DisplayPlaceholder() {
  return <main>Welcome</main>;
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><DisplayPlaceholder /></StrictMode>);
