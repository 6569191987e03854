import type { InboxConversation } from '@contracts/inbox';
import { EyeIcon, MessageCircleIcon } from 'lucide-react';
import { useChatbotsByNameQuery } from '@/chatbots/queries';
import { can } from '@/chatbots/role-rights';
import { Skeleton } from '@/components/ui/skeleton';
import { ChannelBadge } from '@/inbox/ChannelBadge';
import { ContactTagList } from '@/inbox/ContactTags';
import { CustomerTasks } from '@/inbox/CustomerTasks';
import { avatarInitial, conversationName } from '@/inbox/conversation-name';
import { MessageThread } from '@/inbox/MessageThread';
import { ReplyBox } from '@/inbox/ReplyBox';
import { useVisitorTyping } from '@/inbox/inbox-typing';
import { ConversationStatusBadge, TakeoverControls } from '@/inbox/TakeoverControls';
import type { useConversationQuery } from '@/inbox/inbox-queries';

function CustomerInformation({ conversation }: { conversation: InboxConversation }) {
  const rows: [string, string | null][] = [
    ['Phone', conversation.customer_phone ?? conversation.contact_phone],
    ['E-mail', conversation.customer_email],
    ['Enquiry', conversation.reason_for_enquiry],
  ];
  return (
    <section className="m-3 rounded-md border bg-muted/30 p-3 text-sm" aria-labelledby="customer-information">
      <h3 id="customer-information" className="mb-2 font-semibold">
        Customer Information
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-words">{value || 'Not given'}</dd>
          </div>
        ))}
        {conversation.tags.length > 0 && (
          <div className="contents">
            <dt className="text-muted-foreground">Tags</dt>
            <dd>
              <ContactTagList tags={conversation.tags} />
            </dd>
          </div>
        )}
      </dl>
      <CustomerTasks conversation={conversation} />
    </section>
  );
}

/**
 * Replies need the right to edit the conversation's assistant (issue 12: a team member reads, an editor
 * also answers); the server refuses the others anyway.
 */
function MayReply({ chatbotId, quiet, children }: { chatbotId: string; quiet?: boolean; children: React.ReactNode }) {
  const chatbots = useChatbotsByNameQuery();
  const chatbot = chatbots.data?.find((bot) => bot.id === chatbotId);
  if (!chatbot) return null;
  if (can(chatbot, 'edit')) return children;
  // Said once, under the thread.
  if (quiet) return null;
  return (
    <p role="note" className="flex items-center gap-2 border-t p-3 text-sm text-muted-foreground">
      <EyeIcon className="size-4 shrink-0" aria-hidden="true" />
      View only: replying needs an editor's rights in {chatbot.team_name ?? 'its team'}.
    </p>
  );
}

/** "<name> is typing..." while the visitor types (their widget says so over the realtime socket). */
function VisitorTyping({ conversationId, name }: { conversationId: string; name: string }) {
  const typing = useVisitorTyping(conversationId);
  return (
    <p role="status" className="min-h-6 px-4 text-xs text-muted-foreground italic">
      {typing ? `${name} is typing...` : ''}
    </p>
  );
}

/** The right pane: the selected conversation, its customer, its messages and the reply box. */
export function ConversationPane({
  selectedId,
  detail,
  sendError,
}: {
  selectedId: string | null;
  detail: ReturnType<typeof useConversationQuery>;
  sendError: string;
}) {
  if (!selectedId) {
    return (
      <div className="flex h-full min-h-[400px] flex-col items-center justify-center gap-2 p-6 text-center text-muted-foreground">
        <MessageCircleIcon className="size-10" aria-hidden="true" />
        <p>Select a conversation to start chatting</p>
      </div>
    );
  }
  if (detail.isPending || !detail.data) {
    return (
      <div className="flex flex-col gap-3 p-4" role="status" aria-label="Loading messages">
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="h-20" />
        <Skeleton className="h-12 w-2/3" />
      </div>
    );
  }
  const { conversation, messages } = detail.data;
  const name = conversationName(conversation);
  return (
    <div className="flex h-full flex-col">
      <header className="flex items-center gap-3 border-b p-3">
        <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary" aria-hidden="true">
          {avatarInitial(name)}
        </span>
        <div className="flex min-w-0 flex-col">
          <h2 className="truncate font-semibold">{name}</h2>
          <span className="flex items-center gap-2 text-xs text-muted-foreground">
            <ChannelBadge channel={conversation.channel} />
            {conversation.business_name}
            <ConversationStatusBadge status={conversation.status} />
          </span>
        </div>
        <div className="ml-auto">
          <MayReply chatbotId={conversation.chatbot_id} quiet>
            <TakeoverControls conversation={conversation} />
          </MayReply>
        </div>
      </header>
      <CustomerInformation conversation={conversation} />
      <MessageThread messages={messages} />
      <VisitorTyping conversationId={conversation.id} name={name} />
      <MayReply chatbotId={conversation.chatbot_id}>
        <ReplyBox key={conversation.id} conversationId={conversation.id} sendError={sendError} />
      </MayReply>
    </div>
  );
}
