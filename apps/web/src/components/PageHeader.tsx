import type { ReactNode } from 'react';

export interface PageHeaderProps {
  /** The screen's title, rendered as its only h1. */
  title: ReactNode;
  subtitle?: ReactNode;
  /** Controls beside the title (buttons, counts). */
  actions?: ReactNode;
  children?: ReactNode;
}

export function PageHeader({ title, subtitle, actions, children }: PageHeaderProps) {
  return (
    <header className="sori-page-header">
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-3">
        <div>
          <h1 className="sori-page-title" data-testid="page-title">
            {title}
          </h1>
          {subtitle ? <p className="sori-page-subtitle">{subtitle}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </header>
  );
}
