import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

interface ColorFieldProps {
  id: string;
  /** The text field's label, e.g. 'Primary Colour'. */
  label: string;
  /** The swatch's (visually hidden) label; it must not repeat `label`, so that each label names one field. */
  swatchLabel: string;
  value: string;
  fallback: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** A colour as a picker or as text (spec 000 section 5: either, no validation while typing). */
export function ColorField({ id, label, swatchLabel, value, fallback, onChange, disabled }: ColorFieldProps) {
  const swatchId = `${id}-swatch`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <label htmlFor={swatchId} className="sr-only">
          {swatchLabel}
        </label>
        <input
          id={swatchId}
          type="color"
          value={HEX_COLOR.test(value.trim()) ? value.trim().toLowerCase() : fallback}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-transparent p-1 disabled:cursor-not-allowed disabled:opacity-50"
        />
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          placeholder={fallback}
          spellCheck={false}
          autoComplete="off"
          className="font-mono"
        />
      </div>
    </div>
  );
}
