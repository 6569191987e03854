import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { DASHBOARD_HOME } from '@/dashboard/navigation';
import { InboxView } from '@/inbox/InboxView';

const errors = { list: 'Failed to load conversations', messages: 'Failed to load messages', send: 'Failed to send message' };

/** /conversations (spec 001): the two-pane inbox of every conversation of the owner's assistants. */
export default function ConversationsPage() {
  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-4 p-4 sm:p-6">
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to={DASHBOARD_HOME}>
            <ArrowLeftIcon aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
      </div>
      <InboxView title="All Conversations" errors={errors} />
    </main>
  );
}
