import type { AnalyticsResult } from '@contracts/analytics';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const CONVERSATIONS = '#2563eb';
const MESSAGES = '#16a34a';
const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayLabel = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

/** Conversations and messages per day or week. */
export function TrendChart({ data }: { data: AnalyticsResult }) {
  const points = data.weeklyTrend.map((point) => ({
    ...point,
    label: data.trendUnit === 'week' ? `Week of ${dayLabel(point.start)}` : dayLabel(point.start),
  }));
  return (
    <div className="h-64 w-full" data-testid="trend-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={32} />
          <Tooltip />
          <Legend />
          <Line type="monotone" dataKey="conversations" name="Conversations" stroke={CONVERSATIONS} strokeWidth={2} dot={false} />
          <Line type="monotone" dataKey="messages" name="Messages" stroke={MESSAGES} strokeWidth={2} dot={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Messages and new conversations by hour of the owner's day. */
export function HourlyChart({ data }: { data: AnalyticsResult }) {
  const points = data.hourlyActivity.map((h) => ({ ...h, label: `${String(h.hour).padStart(2, '0')}:00` }));
  return (
    <div className="h-64 w-full" data-testid="hourly-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} interval={2} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={32} />
          <Tooltip />
          <Legend />
          <Bar dataKey="messages" name="Messages" fill={MESSAGES} />
          <Bar dataKey="conversations" name="Conversations" fill={CONVERSATIONS} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Conversations per channel. */
export function ChannelChart({ data }: { data: AnalyticsResult }) {
  return (
    <div className="h-56 w-full" data-testid="channel-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data.channelBreakdown} layout="vertical" margin={{ top: 8, right: 16, left: 16, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
          <YAxis type="category" dataKey="channel" tick={{ fontSize: 12 }} width={80} />
          <Tooltip />
          <Bar dataKey="conversations" name="Conversations" fill={CONVERSATIONS} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
