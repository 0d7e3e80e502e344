import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/** A data router: needed for useBlocker (unsaved-changes prompt) and used by the request client to navigate. */
export const router = createBrowserRouter(routes);
