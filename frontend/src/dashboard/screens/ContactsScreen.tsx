import { ContactIcon, ExternalLinkIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useChatbotsByNameQuery } from '@/chatbots/queries';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { AssistantSelector } from '@/dashboard/AssistantSelector';
import { useSelectedAssistant } from '@/dashboard/selected-assistant';
import { InboxView } from '@/inbox/InboxView';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

const errors = { list: 'Failed to fetch conversations', messages: 'Failed to fetch messages', send: 'Failed to send message' };

/** /dashboard/contacts (spec 001): the selected assistant's conversations, to read and answer. */
export default function ContactsScreen() {
  const chatbots = useChatbotsByNameQuery();
  const { selected, select } = useSelectedAssistant(chatbots.data);

  useEffect(() => {
    if (chatbots.error) notify.error(errors.list, { description: errorMessage(chatbots.error) });
  }, [chatbots.error]);

  let body;
  if (chatbots.isPending) body = <Skeleton className="h-[600px]" />;
  else if (!selected) {
    body = (
      <Card className="items-center py-12 text-center">
        <CardHeader className="items-center">
          <ContactIcon className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
          <CardTitle>No assistant yet</CardTitle>
          <CardDescription>Create an assistant; its conversations with your customers appear here.</CardDescription>
        </CardHeader>
      </Card>
    );
  } else body = <InboxView key={selected.id} chatbotId={selected.id} title="Conversations" errors={errors} />;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 className="text-2xl font-bold tracking-tight">Contacts &amp; Conversations</h2>
          <p className="text-sm text-muted-foreground">Read your customers’ conversations and answer them yourself.</p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <Button asChild variant="outline">
            <Link to="/conversations">
              <ExternalLinkIcon aria-hidden="true" />
              All Conversations
            </Link>
          </Button>
          {chatbots.data && chatbots.data.length > 0 && (
            <AssistantSelector chatbots={chatbots.data} selectedId={selected?.id ?? null} onSelect={select} />
          )}
        </div>
      </div>
      {body}
    </div>
  );
}
