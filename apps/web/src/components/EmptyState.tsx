import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

export interface EmptyStateProps {
  icon: IconName;
  title: ReactNode;
  body?: ReactNode;
  action?: ReactNode;
  testId?: string;
}

/** The quiet panel a screen shows when it has nothing to list (DECISIONS 17). */
export function EmptyState({ icon, title, body, action, testId }: EmptyStateProps) {
  return (
    <section className="sori-empty" data-testid={testId}>
      <span className="sori-empty-icon" aria-hidden="true">
        <Icon name={icon} size={28} />
      </span>
      <h2 className="h5 mb-1">{title}</h2>
      {body ? <p className="text-body-secondary mb-0">{body}</p> : null}
      {action ? <div className="mt-3">{action}</div> : null}
    </section>
  );
}
