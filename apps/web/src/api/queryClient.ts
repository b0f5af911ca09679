import { QueryClient } from '@tanstack/react-query';

// The HTTP client already toasts every failure, so queries do not retry (a retry would toast twice).
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, retryOnMount: false, refetchOnWindowFocus: false, staleTime: 5 * 60_000 },
    mutations: { retry: false },
  },
});
