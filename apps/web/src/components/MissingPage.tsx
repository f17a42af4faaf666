import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import type { IconName } from './Icon';

export interface MissingPageProps {
  icon: IconName;
  title: string;
  body: string;
  action?: ReactNode;
  testId?: string;
}

/** A whole screen saying what is not there, with the way on: its title is the page's only h1, heard once. */
export function MissingPage({ icon, title, body, action, testId }: MissingPageProps) {
  return (
    <div className="sori-page">
      <EmptyState icon={icon} title={title} body={body} testId={testId} action={action} level={1} />
    </div>
  );
}
