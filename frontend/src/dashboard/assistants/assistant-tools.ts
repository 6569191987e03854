/**
 * The Assistants screen's on-demand tools, as ONE lazy chunk: the test chat and the Share Demo dialog.
 * Two separate lazy chunks would each re-split the dashboard's shared first-view chunks (Rolldown groups
 * modules by the exact set of chunks that reach them), costing first-view bytes (bench/web-size.ts).
 */
export { default as TestChatPanel } from '@/dashboard/assistants/TestChatPanel';
export { default as ShareDemoDialog } from '@/dashboard/assistants/ShareDemoDialog';
