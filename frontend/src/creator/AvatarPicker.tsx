import { BotIcon, LoaderCircleIcon, UploadIcon, XIcon } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { presetAvatarUrl, PRESET_AVATARS } from '@/creator/preset-avatars';
import { useApi } from '@/lib/api';
import { uploadAvatar } from '@/lib/chatbots-api';
import { avatarFileRefusal } from '@/lib/avatar-file';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/notify';


interface AvatarPickerProps {
  id: string;
  value: string;
  onChange: (url: string) => void;
  disabled?: boolean;
}

/** The agent's avatar: an uploaded image or one of the 6 presets. */
export function AvatarPicker({ id, value, onChange, disabled = false }: AvatarPickerProps) {
  const api = useApi();
  const [uploading, setUploading] = useState(false);
  const busy = disabled || uploading;

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const refusal = avatarFileRefusal(file);
    if (refusal) {
      notify.error(refusal.title, { description: refusal.description });
      input.value = '';
      return;
    }
    setUploading(true);
    try {
      onChange(await uploadAvatar(api, file));
      notify.success('Image uploaded', { description: 'Your assistant now uses this avatar.' });
    } catch (error) {
      console.error('Avatar upload failed:', error);
      notify.error('Upload failed', { description: 'Failed to upload image. Please try again.' });
    } finally {
      setUploading(false);
      input.value = '';
    }
  };

  return (
    <fieldset className="flex flex-col gap-3" disabled={busy}>
      <legend className="mb-2 text-sm font-medium">Avatar</legend>
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-full border bg-muted">
          {value ? (
            <img src={value} alt="Selected avatar" className="size-full object-cover" />
          ) : (
            <BotIcon className="size-6 text-muted-foreground" aria-label="No avatar selected" />
          )}
        </span>
        <label
          className={cn(
            buttonVariants({ variant: 'outline', size: 'sm' }),
            'cursor-pointer focus-within:ring-[3px] focus-within:ring-ring/50',
            busy && 'pointer-events-none opacity-50',
          )}
        >
          {uploading ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <UploadIcon aria-hidden="true" />
          )}
          {uploading ? 'Uploading…' : 'Upload Image'}
          <input
            id={id}
            type="file"
            accept="image/*"
            className="sr-only"
            onChange={(event) => void handleFile(event)}
          />
        </label>
        {value && (
          <Button variant="ghost" size="sm" onClick={() => onChange('')}>
            <XIcon aria-hidden="true" />
            Remove
          </Button>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground">Or choose a preset:</p>
        <div className="flex flex-wrap gap-2">
          {PRESET_AVATARS.map((preset) => {
            const url = presetAvatarUrl(preset.file);
            const selected = value === url;
            return (
              <button
                key={preset.file}
                type="button"
                aria-label={`Use the ${preset.name} avatar`}
                aria-pressed={selected}
                title={preset.name}
                onClick={() => onChange(url)}
                className={cn(
                  'size-12 overflow-hidden rounded-full border-2 transition outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50',
                  selected ? 'border-primary ring-2 ring-primary/30' : 'border-transparent hover:border-muted-foreground/40',
                )}
              >
                <img src={`/preset-avatars/${preset.file}`} alt="" className="size-full" />
              </button>
            );
          })}
        </div>
      </div>
    </fieldset>
  );
}
