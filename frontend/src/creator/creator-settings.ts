import {
  DEFAULT_AGENT_NAME,
  DEFAULT_AGENT_PERSONALITY,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  type chatPositions,
  type chatStyles,
  type CreateChatbotRequest,
} from '@contracts/chatbot';

/** What the creator's form edits (spec 000 section 3, "Assistant creation input", without userId). */
export interface CreatorValues {
  websiteUrl: string;
  /** The business name read from the site, as the owner confirmed or corrected it (issue 30). */
  businessName: string;
  agentName: string;
  agentPersonality: string;
  agentImage: string;
  primaryColor: string;
  secondaryColor: string;
  chatPosition: (typeof chatPositions)[number];
  chatStyle: (typeof chatStyles)[number];
}

export const DEFAULT_CREATOR_VALUES: CreatorValues = {
  websiteUrl: '',
  businessName: '',
  agentName: DEFAULT_AGENT_NAME,
  agentPersonality: DEFAULT_AGENT_PERSONALITY,
  agentImage: '',
  primaryColor: DEFAULT_PRIMARY_COLOR,
  secondaryColor: DEFAULT_SECONDARY_COLOR,
  chatPosition: 'bottom-right',
  chatStyle: 'modern',
};

export function toCreateRequest(values: CreatorValues, userId: string): CreateChatbotRequest {
  return {
    websiteUrl: values.websiteUrl.trim(),
    // None until read from the site and confirmed (the workflow refuses an emptied field).
    ...(values.businessName ? { businessName: values.businessName } : {}),
    userId,
    agentName: values.agentName.trim(),
    agentPersonality: values.agentPersonality.trim(),
    agentImage: values.agentImage.trim(),
    primaryColor: values.primaryColor.trim(),
    secondaryColor: values.secondaryColor.trim(),
    chatPosition: values.chatPosition,
    chatStyle: values.chatStyle,
  };
}

export const CHAT_POSITION_LABELS: Record<CreatorValues['chatPosition'], string> = {
  'bottom-right': 'Bottom right',
  'bottom-left': 'Bottom left',
  'top-right': 'Top right',
  'top-left': 'Top left',
};

export const CHAT_STYLE_LABELS: Record<CreatorValues['chatStyle'], string> = {
  modern: 'Modern',
  classic: 'Classic',
  minimal: 'Minimal',
  rounded: 'Rounded',
};

/** Behaviour tab: ready-made personalities (the text stays editable). */
export const PERSONALITY_PRESETS = [
  DEFAULT_AGENT_PERSONALITY,
  'professional and courteous',
  'warm, patient and empathetic',
  'concise and to the point',
  'enthusiastic and upbeat',
  'knowledgeable and detailed',
] as const;
