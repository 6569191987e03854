import { documentExtensions, MAX_DOCUMENT_BYTES } from '@contracts/documents';
import { MAX_KNOWLEDGE_TITLE_CHARS, type KnowledgeType } from '@contracts/knowledge';
import { LoaderCircleIcon, UploadIcon } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { DOCUMENT_ACCEPT, documentFileProblem } from '@/dashboard/knowledge/document-file';
import { formatFileSize } from '@/dashboard/knowledge/file-size';
import { AssistantField, chatbotIdOf, type KnowledgeTabProps, TypeField } from '@/dashboard/knowledge/knowledge-fields';
import { defaultAssistant } from '@/dashboard/knowledge/knowledge-labels';
import { useRefreshKnowledgeEntries } from '@/dashboard/knowledge/knowledge-queries';
import { errorMessage, useApi } from '@/lib/api';
import { UPLOAD_PROGRESS, uploadKnowledgeDocument } from '@/lib/knowledge-api';
import { notify } from '@/lib/notify';

function progressLabel(percent: number): string {
  if (percent < UPLOAD_PROGRESS.stored) return 'Uploading the file…';
  if (percent < UPLOAD_PROGRESS.processed) return 'Reading the text…';
  if (percent < UPLOAD_PROGRESS.listed) return 'Updating your knowledge base…';
  return 'Done';
}

/** The Upload Document tab (spec 000 section 5): one document becomes one entry with its text. */
export function DocumentUploadForm({
  chatbots,
  onBusyChange,
  onDone,
}: KnowledgeTabProps) {
  const id = useId();
  const api = useApi();
  const refresh = useRefreshKnowledgeEntries();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [type, setType] = useState<KnowledgeType>('document');
  const [assistant, setAssistant] = useState(() => defaultAssistant(chatbots));
  const [progress, setProgress] = useState<number | null>(null);
  const processing = progress !== null;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (!chosen) {
      setFile(null);
      return;
    }
    const problem = documentFileProblem(chosen);
    if (problem) {
      notify.error(problem.title, { description: problem.description });
      event.target.value = '';
      setFile(null);
      return;
    }
    setFile(chosen);
    setTitle(chosen.name.slice(0, MAX_KNOWLEDGE_TITLE_CHARS));
    setType('document');
  };

  const setBusy = (next: number | null) => {
    setProgress(next);
    onBusyChange(next !== null);
  };

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || processing) return;
    setBusy(0);
    try {
      const { message } = await uploadKnowledgeDocument(
        api,
        { file, title: title.trim() || file.name, type, chatbotId: chatbotIdOf(assistant) },
        setProgress,
      );
      await refresh();
      setProgress(UPLOAD_PROGRESS.listed);
      notify.success(message);
      setFile(null);
      setTitle('');
      if (fileInput.current) fileInput.current.value = '';
      setBusy(null);
      onDone();
    } catch (error) {
      setBusy(null);
      notify.error('Upload Failed', { description: errorMessage(error, 'Failed to upload and process document') });
    }
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void upload(event)} noValidate>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-file`}>Document</Label>
        <Input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept={DOCUMENT_ACCEPT}
          disabled={processing}
          aria-describedby={`${id}-file-hint`}
          onChange={choose}
          className="h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:bg-secondary file:px-2 file:py-1 file:text-sm file:font-medium"
        />
        <p id={`${id}-file-hint`} className="text-xs text-muted-foreground">
          {file
            ? `${file.name} (${formatFileSize(file.size)})`
            : `${documentExtensions.join(', ')}; up to ${formatFileSize(MAX_DOCUMENT_BYTES)}.`}
        </p>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input
          id={`${id}-title`}
          value={title}
          maxLength={MAX_KNOWLEDGE_TITLE_CHARS}
          placeholder="Filled in from the file name"
          disabled={processing}
          onChange={(event) => setTitle(event.target.value)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TypeField id={`${id}-type`} value={type} disabled={processing} onChange={setType} />
        <AssistantField
          id={`${id}-assistant`}
          value={assistant}
          chatbots={chatbots}
          disabled={processing}
          onChange={setAssistant}
        />
      </div>
      {processing && (
        <div className="flex flex-col gap-2" aria-live="polite">
          <Progress value={progress} aria-label="Upload progress" />
          <p className="text-xs text-muted-foreground">{progressLabel(progress)}</p>
        </div>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={!file || processing} aria-busy={processing || undefined}>
          {processing ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <UploadIcon aria-hidden="true" />}
          {processing ? 'Processing…' : 'Upload and Process'}
        </Button>
      </div>
    </form>
  );
}
