import { ChatBubble, TypingBubble } from '@/chat/ChatBubble';
import { MessageText } from '@/chat/MessageText';

/**
 * The assistant's reply while it is on the way in a dashboard chat: the text streamed so far (links
 * rendered safely, as in every reply), or the typing bubble until the first sentence comes.
 */
export function AnswerOnTheWay({ waiting, partial, typingLabel }: { waiting: boolean; partial?: string; typingLabel: string }) {
  if (!waiting) return null;
  if (partial === undefined) return <TypingBubble label={typingLabel} />;
  return (
    <ChatBubble role="assistant">
      <p className="break-words whitespace-pre-wrap" data-streaming="true">
        <MessageText text={partial} />
      </p>
    </ChatBubble>
  );
}
