/**
 * A fresh process answering one question from an assistant's stored index: prints the milliseconds
 * of fetch + load + search (the modules imported before the clock starts; imports are in the cold
 * bundle figures). Arguments: chatbot id, index version, question.
 */
import { searchKnowledge } from '../functions/core/knowledge/index-knowledge.js';

const [chatbotId, version, question] = process.argv.slice(2) as [string, string, string];
const started = performance.now();
const hits = await searchKnowledge(chatbotId, version, question, 5, { embeddings: null });
const ms = performance.now() - started;
if (!hits.length) throw new Error('The first question found nothing');
process.stdout.write(`${ms}\n`);
process.exit(0);
