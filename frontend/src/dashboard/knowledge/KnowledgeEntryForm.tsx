import type { Chatbot } from '@contracts/chatbot';
import {
  createKnowledgeEntryRequestSchema,
  MAX_KNOWLEDGE_CONTENT_CHARS,
  MAX_KNOWLEDGE_TITLE_CHARS,
  type KnowledgeType,
} from '@contracts/knowledge';
import { LoaderCircleIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { AssistantField, chatbotIdOf, TypeField } from '@/dashboard/knowledge/knowledge-fields';
import { defaultAssistant } from '@/dashboard/knowledge/knowledge-labels';

export interface KnowledgeFormValues {
  title: string;
  content: string;
  type: KnowledgeType;
  chatbot_id: string | null;
}

export const EMPTY_KNOWLEDGE_FORM: KnowledgeFormValues = { title: '', content: '', type: 'context', chatbot_id: null };

type FieldErrors = Partial<Record<'title' | 'content', string>>;

/** The contract's own rules (title and content required, length limits), as messages per field. */
function validate(values: KnowledgeFormValues): { values: KnowledgeFormValues } | { errors: FieldErrors } {
  const parsed = createKnowledgeEntryRequestSchema.safeParse(values);
  if (parsed.success) return { values: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'title' || field === 'content') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs text-destructive">
      {message}
    </p>
  );
}

/** The Manual Entry form (spec 000 section 5), also the edit dialog's form. */
export function KnowledgeEntryForm({
  initial,
  chatbots,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: KnowledgeFormValues;
  chatbots: readonly Chatbot[];
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: KnowledgeFormValues) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [title, setTitle] = useState(initial.title);
  const [content, setContent] = useState(initial.content);
  const [type, setType] = useState(initial.type);
  const [assistant, setAssistant] = useState(initial.chatbot_id ?? defaultAssistant(chatbots));
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate({ title, content, type, chatbot_id: chatbotIdOf(assistant) });
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.values);
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input
          id={`${id}-title`}
          value={title}
          maxLength={MAX_KNOWLEDGE_TITLE_CHARS}
          placeholder="e.g. Opening hours"
          required
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${id}-title-error` : undefined}
          onChange={(event) => setTitle(event.target.value)}
        />
        <FieldError id={`${id}-title-error`} message={errors.title} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-content`}>Content</Label>
        <Textarea
          id={`${id}-content`}
          value={content}
          rows={6}
          maxLength={MAX_KNOWLEDGE_CONTENT_CHARS}
          placeholder="What your assistant should know"
          required
          className="max-h-72"
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? `${id}-content-error` : undefined}
          onChange={(event) => setContent(event.target.value)}
        />
        <FieldError id={`${id}-content-error`} message={errors.content} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TypeField id={`${id}-type`} value={type} onChange={setType} />
        <AssistantField id={`${id}-assistant`} value={assistant} chatbots={chatbots} onChange={setAssistant} />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
