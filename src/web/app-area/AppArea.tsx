import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';

// Server state of the signed-in screens. Loaded with them, so the sign-in screens never
// download it. The HTTP client already retries once: the query layer does not retry again.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, staleTime: 10_000 }, mutations: { retry: false } },
});

/** The signed-in part of the portal: My Apps, create and update. */
export default function AppArea() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
