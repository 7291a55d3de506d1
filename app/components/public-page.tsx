import type { ReactNode } from 'react';
import { Logo } from './ui/logo';

/** The frame of the pages open to everybody (maintenance, not-found) and of errors outside any layout. */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <Logo />
      {children}
    </main>
  );
}
