import { BrowserRouter, useRoutes } from 'react-router';
import { Providers } from './providers';
import { appRoutes } from './screens';
import type { QueryClient } from '@tanstack/react-query';

function Screens() {
  return useRoutes(appRoutes);
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <BrowserRouter>
      <Providers queryClient={queryClient}>
        <Screens />
      </Providers>
    </BrowserRouter>
  );
}
