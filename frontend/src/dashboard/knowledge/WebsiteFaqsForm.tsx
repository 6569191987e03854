import { DEFAULT_FAQ_BUSINESS_NAME, MAX_GENERATED_FAQS, MIN_GENERATED_FAQS } from '@contracts/faqs';
import { GlobeIcon, LoaderCircleIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { checkFaqWebsiteUrl } from '@/dashboard/knowledge/faq-website-url';
import { AssistantField, chatbotIdOf, type KnowledgeTabProps } from '@/dashboard/knowledge/knowledge-fields';
import { defaultAssistant } from '@/dashboard/knowledge/knowledge-labels';
import { useRefreshKnowledgeEntries } from '@/dashboard/knowledge/knowledge-queries';
import { errorMessage, useApi } from '@/lib/api';
import { generateWebsiteFaqs } from '@/lib/knowledge-api';
import { notify } from '@/lib/notify';

/** The Website FAQs tab: the server reads the site and stores 8-15 FAQ entries. */
export function WebsiteFaqsForm({
  chatbots,
  onBusyChange,
  onDone,
}: KnowledgeTabProps) {
  const id = useId();
  const api = useApi();
  const refresh = useRefreshKnowledgeEntries();
  const [websiteUrl, setWebsiteUrl] = useState('');
  const [assistant, setAssistant] = useState(() => defaultAssistant(chatbots));
  const [generating, setGenerating] = useState(false);

  // Choosing an assistant offers its own website when no address is typed yet.
  const chooseAssistant = (value: string) => {
    setAssistant(value);
    const site = chatbots.find((item) => item.id === value)?.website_url;
    if (site && !websiteUrl.trim()) setWebsiteUrl(site);
  };

  const setBusy = (busy: boolean) => {
    setGenerating(busy);
    onBusyChange(busy);
  };

  const generate = async (event: FormEvent) => {
    event.preventDefault();
    if (generating) return;
    const checked = checkFaqWebsiteUrl(websiteUrl);
    if (!('url' in checked)) {
      notify.error(checked.title, { description: checked.description });
      return;
    }
    const chatbotId = chatbotIdOf(assistant);
    const chatbot = chatbots.find((item) => item.id === chatbotId);
    setBusy(true);
    try {
      const { faqsGenerated } = await generateWebsiteFaqs(api, {
        websiteUrl: checked.url,
        chatbotId,
        businessName: chatbot?.business_name || DEFAULT_FAQ_BUSINESS_NAME,
      });
      await refresh();
      notify.success(`Generated ${faqsGenerated} FAQs from ${websiteUrl.trim()}`);
      setWebsiteUrl('');
      setBusy(false);
      onDone();
    } catch (error) {
      setBusy(false);
      notify.error('Generation Failed', { description: errorMessage(error, 'Failed to generate FAQs from website') });
    }
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void generate(event)} noValidate>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-url`}>Website URL</Label>
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          value={websiteUrl}
          placeholder="https://yourbusiness.com"
          disabled={generating}
          aria-describedby={`${id}-url-hint`}
          onChange={(event) => setWebsiteUrl(event.target.value)}
        />
        <p id={`${id}-url-hint`} className="text-xs text-muted-foreground">
          We read the website and write {MIN_GENERATED_FAQS}-{MAX_GENERATED_FAQS} frequently asked questions with their answers. This may take a minute.
        </p>
      </div>
      <AssistantField id={`${id}-assistant`} value={assistant} chatbots={chatbots} disabled={generating} onChange={chooseAssistant} />
      <div className="flex justify-end">
        <Button type="submit" disabled={generating} aria-busy={generating || undefined}>
          {generating ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <GlobeIcon aria-hidden="true" />}
          {generating ? 'Generating FAQs…' : 'Generate FAQs'}
        </Button>
      </div>
    </form>
  );
}
