import type { Chatbot } from '@contracts/chatbot';
import { knowledgeTypes, type KnowledgeType } from '@contracts/knowledge';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { assistantLabel } from '@/chatbots/role-rights';
import { ALL_ASSISTANTS, KNOWLEDGE_TYPE_LABELS, offersAllAssistants } from '@/dashboard/knowledge/knowledge-labels';

/** What the Add Knowledge dialog gives each of its tabs that store entries on the server. */
export interface KnowledgeTabProps {
  chatbots: readonly Chatbot[];
  /** True while the tab is working: the dialog then refuses to close. */
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}

export function TypeField({
  id,
  value,
  disabled,
  onChange,
}: {
  id: string;
  value: KnowledgeType;
  disabled?: boolean;
  onChange: (value: KnowledgeType) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Type</Label>
      <NativeSelect
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as KnowledgeType)}
      >
        {knowledgeTypes.map((type) => (
          <option key={type} value={type}>
            {KNOWLEDGE_TYPE_LABELS[type]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** Which assistant the knowledge is for: 'all' (stored as null) or one of the owner's assistants. */
export function AssistantField({
  id,
  value,
  chatbots,
  disabled,
  onChange,
}: {
  id: string;
  /** A chatbot id, or ALL_ASSISTANTS. */
  value: string;
  chatbots: readonly Chatbot[];
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Assistant</Label>
      <NativeSelect id={id} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {offersAllAssistants(chatbots) && <option value={ALL_ASSISTANTS}>All assistants</option>}
        {chatbots.map((chatbot) => (
          <option key={chatbot.id} value={chatbot.id}>
            {assistantLabel(chatbot)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** The stored chatbot_id for an assistant field's value. */
export const chatbotIdOf = (value: string): string | null => (value === ALL_ASSISTANTS ? null : value);
