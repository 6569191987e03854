import { useEffect } from 'react';
import { useChatbotsByNameQuery } from '@/chatbots/queries';
import { can } from '@/chatbots/role-rights';
import { ViewOnlyNote } from '@/chatbots/ViewOnlyNote';
import { LoadErrorCard } from '@/components/LoadErrorCard';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AssistantSelector } from '@/dashboard/AssistantSelector';
import { useSelectedAssistant } from '@/dashboard/selected-assistant';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';
import { useVoiceChat } from '@/voice/use-voice-chat';
import { VoiceAnalyticsTab } from '@/voice/VoiceAnalyticsTab';
import { VoiceChatTab } from '@/voice/VoiceChatTab';
import { VoiceSettingsTab } from '@/voice/VoiceSettingsTab';
import { useVoiceSettingsQuery } from '@/voice/voice-queries';

const LOAD_ERROR = 'Failed to load voice settings';

/** /dashboard/voice: Voice AI (spec 000 section 2): an assistant selector and three tabs. */
export default function VoiceScreen() {
  const chatbots = useChatbotsByNameQuery();
  const { selected, select } = useSelectedAssistant(chatbots.data);
  const settings = useVoiceSettingsQuery(selected?.id ?? null);
  // Held here, not in the tab: switching tabs keeps the conversation; leaving the screen ends it.
  const chat = useVoiceChat(selected?.id ?? null, settings.data);
  const loadError = chatbots.error ?? settings.error;
  // Issue 12: talking to an assistant and choosing its voice need an editor's rights in its team.
  const readOnly = selected !== null && !can(selected, 'edit');

  useEffect(() => {
    if (loadError) notify.error(LOAD_ERROR, { description: errorMessage(loadError) });
  }, [loadError]);

  let settingsBody;
  if (!selected) settingsBody = <p className="text-sm text-muted-foreground">Select an AI assistant to choose its voice.</p>;
  else if (settings.isPending) settingsBody = <Skeleton className="h-96 rounded-xl" />;
  else if (settings.isError) {
    settingsBody = <LoadErrorCard title={LOAD_ERROR} error={settings.error} retrying={settings.isFetching} onRetry={() => void settings.refetch()} />;
  } else settingsBody = <VoiceSettingsTab key={selected.id} chatbotId={selected.id} settings={settings.data} />;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 className="text-2xl font-bold tracking-tight">Voice AI</h2>
          <p className="text-sm text-muted-foreground">Talk to your assistant, choose its voice and see how voice conversations go.</p>
        </div>
        {chatbots.data && chatbots.data.length > 0 && (
          <AssistantSelector chatbots={chatbots.data} selectedId={selected?.id ?? null} onSelect={select} disabled={chat.status !== 'idle'} />
        )}
      </div>
      {chatbots.isError && (
        <LoadErrorCard title="Failed to load AI assistants" error={chatbots.error} retrying={chatbots.isFetching} onRetry={() => void chatbots.refetch()} />
      )}
      <Tabs defaultValue="chat">
        <TabsList>
          <TabsTrigger value="chat">Voice Chat</TabsTrigger>
          <TabsTrigger value="settings">Voice Settings</TabsTrigger>
          <TabsTrigger value="analytics">Analytics</TabsTrigger>
        </TabsList>
        <TabsContent value="chat">
          {readOnly ? <ViewOnlyNote chatbot={selected} /> : <VoiceChatTab chatbotId={selected?.id ?? null} chat={chat} />}
        </TabsContent>
        <TabsContent value="settings" className="flex flex-col gap-4">
          {readOnly && <ViewOnlyNote chatbot={selected} />}
          <fieldset disabled={readOnly} className="contents">
            {settingsBody}
          </fieldset>
        </TabsContent>
        <TabsContent value="analytics">
          <VoiceAnalyticsTab chatbotId={selected?.id ?? null} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
