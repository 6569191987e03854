import type { Chatbot } from '@contracts/chatbot';
import { socialPlatforms, type DeploymentResponse } from '@contracts/deployment';
import { SocialChannelCard } from '@/dashboard/deploy/SocialChannelCard';
import { WebsiteChannelCard } from '@/dashboard/deploy/WebsiteChannelCard';

/** Messaging Channels (spec 001): the website channel and each messaging app, connected or disconnected. */
export function ChannelsTab({ chatbot, deployment }: { chatbot: Chatbot; deployment: DeploymentResponse }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <WebsiteChannelCard chatbotId={chatbot.id} website={deployment.website} />
      {socialPlatforms.map((platform) => (
        <SocialChannelCard
          key={platform}
          chatbotId={chatbot.id}
          platform={platform}
          channel={deployment.channels.find((c) => c.platform === platform)}
          trainingQuality={deployment.training_quality}
        />
      ))}
    </div>
  );
}
