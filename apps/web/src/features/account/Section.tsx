import type { ReactNode } from 'react';

/** One of the account page's sections: a region named by its heading. */
export function Section({ id, title, children, testId }: { id: string; title: string; children: ReactNode; testId: string }) {
  return (
    <section className="sori-account-section" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="h5 mb-3">
        {title}
      </h2>
      {children}
    </section>
  );
}
