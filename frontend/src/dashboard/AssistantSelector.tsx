import type { Chatbot } from '@contracts/chatbot';
import { assistantLabel } from '@/chatbots/role-rights';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

/** The dashboard screens' choice of assistant (see useSelectedAssistant). */
export function AssistantSelector({
  chatbots,
  selectedId,
  onSelect,
  disabled,
}: {
  chatbots: readonly Chatbot[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className="flex w-full flex-col gap-2 sm:w-72">
      <Label htmlFor="assistant-selector">AI Assistant</Label>
      <NativeSelect
        id="assistant-selector"
        value={selectedId ?? ''}
        onChange={(event) => onSelect(event.target.value)}
        disabled={disabled || chatbots.length === 0}
      >
        {chatbots.length === 0 && <option value="">No assistants yet</option>}
        {chatbots.map((chatbot) => (
          <option key={chatbot.id} value={chatbot.id}>
            {assistantLabel(chatbot)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
