import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

export interface EmptyStateProps {
  icon: IconName;
  title: ReactNode;
  body?: ReactNode;
  action?: ReactNode;
  testId?: string;
  /** The title's heading level: 2 in a screen that has its own title, 1 when the panel is the whole screen. */
  level?: 1 | 2;
}

/** The quiet panel a screen shows when it has nothing to list (DECISIONS 17). */
export function EmptyState({ icon, title, body, action, testId, level = 2 }: EmptyStateProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="sori-empty" data-testid={testId}>
      <span className="sori-empty-icon" aria-hidden="true">
        <Icon name={icon} size={28} />
      </span>
      <Heading className="h5 mb-1">{title}</Heading>
      {body ? <p className="text-body-secondary mb-0">{body}</p> : null}
      {action ? <div className="mt-3">{action}</div> : null}
    </section>
  );
}
