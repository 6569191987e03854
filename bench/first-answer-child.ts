/**
 * A fresh process answering one question from an assistant's stored index, as a cold chat function
 * does: fetch + load + search + the offline answer. Prints the milliseconds of those and the CPU
 * milliseconds this process spent on them (steadier on a shared machine); the modules are
 * imported before the clock starts (imports are in the cold bundle figures). index-scale.ts bundles
 * this file with the Lambdas' esbuild options and runs the bundle, so the code measured is the code a
 * function runs (not tsx transpiling on the fly). Arguments: chatbot id, index version, question.
 */
import { offlineAnswer } from '../functions/core/chat/offline-responder.js';
import { searchKnowledgeForQuestion } from '../functions/core/knowledge/index-knowledge.js';

/** Passages a chat turn retrieves per question (turn-state.ts) and the default strictness (contracts/chatbot.ts). */
const PASSAGES = 8;
const STRICTNESS = 7;

const [chatbotId, version, question] = process.argv.slice(2) as [string, string, string];
const cpuBefore = process.cpuUsage();
const started = performance.now();
const knowledge = await searchKnowledgeForQuestion(chatbotId, version, question, PASSAGES, { embeddings: null });
offlineAnswer(question, knowledge, STRICTNESS);
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
if (!knowledge.passages.length) throw new Error('The first question found nothing');
process.stdout.write(`${ms} ${(cpu.user + cpu.system) / 1000}\n`);
process.exit(0);
