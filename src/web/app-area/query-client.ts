import { QueryClient } from '@tanstack/react-query';

// Server state of the signed-in screens. Loaded with them, so the sign-in screens never
// download it. The HTTP client already retries once: the query layer does not retry again.
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, staleTime: 10_000 }, mutations: { retry: false } },
});
