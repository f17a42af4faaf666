import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthModalProvider } from '../features/auth/AuthModalContext';
import { ThemeProvider } from '../theme/ThemeProvider';

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthModalProvider>{children}</AuthModalProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
