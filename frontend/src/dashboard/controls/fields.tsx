import { PlusIcon, XIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-xs text-muted-foreground">
      {children}
    </p>
  );
}

/** A labelled native range input (arrow keys step once, Page Up/Down ten steps, Home/End the bounds). */
export function RangeField({
  label,
  description,
  value,
  min,
  max,
  step = 1,
  format = String,
  onChange,
}: {
  label: string;
  description: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  format?: (value: number) => string;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={id}>{label}</Label>
        <output htmlFor={id} className="text-sm font-medium tabular-nums text-muted-foreground">
          {format(value)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={format(value)}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-2 w-full cursor-pointer accent-primary focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      />
      <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
        <span>{format(min)}</span>
        <span>{format(max)}</span>
      </div>
      <Hint id={`${id}-hint`}>{description}</Hint>
    </div>
  );
}

/** A switch with its label and a line of explanation. */
export function SwitchField({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <Hint id={`${id}-hint`}>{description}</Hint>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} />
    </div>
  );
}

/** A whole-number input kept as text; the range is applied when saving. */
export function NumberField({
  label,
  description,
  value,
  min,
  max,
  step = 1,
  onChange,
}: {
  label: string;
  description: string;
  value: string;
  min: number;
  max: number;
  step?: number;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const number = Number(value);
  const outOfRange = value.trim() !== '' && Number.isFinite(number) && (number < min || number > max);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-invalid={outOfRange || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
        className="max-w-48"
      />
      <Hint id={`${id}-hint`}>{description}</Hint>
    </div>
  );
}

/** What a list field is called and says; the escalation trigger phrases of Conversation Controls by default. */
export interface ListFieldText {
  label: string;
  placeholder: string;
  hint: string;
  /** The accessible name of the list of entries. */
  listLabel: string;
  empty: string;
  /** The input's type (email for addresses). */
  inputType?: 'text' | 'email';
}

const TRIGGER_TEXT: ListFieldText = {
  label: 'Escalation Triggers',
  placeholder: 'e.g. talk to a person',
  hint: 'When a visitor uses one of these phrases, the conversation is handed to a person. Phrases are stored in lower case',
  listLabel: 'Escalation trigger phrases',
  empty: 'No escalation triggers.',
};

/** A list of phrases (escalation triggers by default): add with Enter or the button, remove each with its own button. */
export function TriggerListField({
  triggers,
  max,
  maxLength,
  onAdd,
  onRemove,
  text = TRIGGER_TEXT,
}: {
  triggers: readonly string[];
  max: number;
  maxLength: number;
  onAdd: (phrase: string) => void;
  onRemove: (phrase: string) => void;
  text?: ListFieldText;
}) {
  const id = useId();
  const [input, setInput] = useState('');
  const full = triggers.length >= max;
  const add = () => {
    onAdd(input);
    setInput('');
  };
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{text.label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          type={text.inputType ?? 'text'}
          value={input}
          maxLength={maxLength}
          placeholder={text.placeholder}
          aria-describedby={`${id}-hint`}
          disabled={full}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={add} disabled={full || !input.trim()}>
          <PlusIcon aria-hidden="true" />
          Add
        </Button>
      </div>
      <Hint id={`${id}-hint`}>
        {text.hint}
        {full ? `; at most ${max}` : ''}.
      </Hint>
      {triggers.length === 0 ? (
        <p className="text-sm text-muted-foreground">{text.empty}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={text.listLabel}>
          {triggers.map((phrase) => (
            <li key={phrase}>
              <Badge variant="secondary" className="gap-1 py-1 pr-1 pl-2 text-sm">
                {phrase}
                <button
                  type="button"
                  aria-label={`Remove ${phrase}`}
                  onClick={() => onRemove(phrase)}
                  className="rounded-sm p-0.5 hover:bg-background/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                >
                  <XIcon className="size-3.5" aria-hidden="true" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
