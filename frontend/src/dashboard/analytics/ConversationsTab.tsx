import { figureDefinitions, type AnalyticsResult } from '@contracts/analytics';
import { ChannelChart, HourlyChart } from './charts';
import { FigureCard, SectionCard } from './FigureCard';

/** When and where visitors talk to the assistant, the demo page's reach and the voice sessions. */
export function ConversationsTab({ data }: { data: AnalyticsResult }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <FigureCard label="Conversations" value={data.totalConversations} definition={figureDefinitions.totalConversations} />
        <FigureCard label="Messages" value={data.totalMessages} definition={figureDefinitions.totalMessages} />
        <FigureCard label="Demo Views" value={data.demo.views} definition={figureDefinitions.demo} />
        <FigureCard label="Demo Interactions" value={data.demo.interactions} definition={figureDefinitions.demo} />
        <FigureCard label="Voice Sessions" value={data.voiceSessions} definition={figureDefinitions.voiceSessions} />
      </div>
      <SectionCard title="Hourly Activity" definition={`${figureDefinitions.hourlyActivity} (${data.timeZone})`}>
        <HourlyChart data={data} />
      </SectionCard>
      <SectionCard title="Channel Breakdown" definition={figureDefinitions.channelBreakdown}>
        <ChannelChart data={data} />
      </SectionCard>
    </div>
  );
}
