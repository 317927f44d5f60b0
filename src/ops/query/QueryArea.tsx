import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';

// Server state of the find, developer, application, audit and operators pages, as AppArea
// holds the developers' signed-in screens'. Loaded with them: the sign-in, enrollment and
// proof queue pages never download it. The HTTP client already retries once.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, staleTime: 10_000 }, mutations: { retry: false } },
});

/** The console pages that read through TanStack Query. */
export default function QueryArea() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
