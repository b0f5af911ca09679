import { Outlet } from 'react-router';

/** Full-page screens without sidebar or header (spec "empty sidebar" routes, public reply pages). */
export const EmptyLayout = () => <Outlet />;
