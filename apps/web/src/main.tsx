import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { setNavigator } from './api/navigation';
import { disableBackAtFirstLoad } from './app/backButton';
import { Providers } from './app/Providers';
import { buildRoutes } from './app/router';

disableBackAtFirstLoad();
const router = createBrowserRouter(buildRoutes());

// Spec core §2: duplicate navigations are ignored rather than stacking the same page twice.
// A navigation already under way counts: requests failing during a route's loader must not restart it.
setNavigator((path) => {
  const { pathname, search } = router.state.navigation.location ?? router.state.location;
  if (path !== pathname + search) void router.navigate(path);
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
