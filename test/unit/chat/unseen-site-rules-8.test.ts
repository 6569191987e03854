import { describe, expect, it } from 'vitest';
import { extractPage } from '../../../functions/core/crawl/extract-page.js';
import { offlineReplyOf, page } from '../../support/offline-reply.js';

/**
 * Made-up sites for the rules taken from the misses of held-out set 6b (an electrician in France, a pet
 * care business in Kenya and a pizzeria in Germany), run once on 2026-12-03 (bench/answer-sites-real/README.md).
 */

/** A dog daycare in Kampala whose service cards put an icon in a heading and their title in a paragraph. */
const daycareHtml = `<!doctype html><html><head><title>Kibuli Dog Club</title></head><body><main>
<h1>Kibuli Dog Club</h1>
<p>A Kampala-based day club for dogs. Located in the heart of Kampala, a short ride from Kololo.</p>
<section id="services">
  <p class="section-title">Our Services</p>
  <div class="row">
    <div class="card"><h3 class="icon-paw"><img src="paw.png" alt=""></h3>
      <p class="card-title">Day Care</p><p class="card-text">Drop your dog off in the morning and collect a tired, happy dog at six.</p></div>
    <div class="card"><h3 class="icon-bath"><img src="bath.png" alt=""></h3>
      <p class="card-title">Bath and Brush</p><p class="card-text">A warm bath, a blow dry and a good brush for every coat.</p></div>
  </div>
</section>
<h2>Services</h2>
<ul><li>Day care</li><li>Bath and brush</li><li>Puppy socials</li></ul>
<h2>Prices</h2>
<h4>Day Care</h4><p>USHS. 25,000 per day.</p>
<h4>Bath and Brush</h4><p>USHS. 40,000 per visit.</p>
</main></body></html>`;

function daycare() {
  const { title, text, siteText } = extractPage(daycareHtml, 'https://kibuli-dogs.example.ug/');
  return [page('https://kibuli-dogs.example.ug/', title, `${text}\n\n${siteText}`)];
}

const ask = (message: string) => offlineReplyOf(message, daycare(), { business: 'Kibuli Dog Club' });

describe('held-out set 6b: a card whose heading holds only its icon', () => {
  it('is headed by its title, so each card is a passage of its own', () => {
    const { text } = extractPage(daycareHtml, 'https://kibuli-dogs.example.ug/');
    expect(text).not.toMatch(/^#+\s*$/m);
    expect(text).toMatch(/^#+ Bath and Brush\n\nA warm bath/m);
  });
});

describe('held-out set 6b: shillings written "USHS." and asked in English', () => {
  it('prices the service asked about', () => {
    expect(ask('How much is a bath for my dog?')).toMatch(/40,000/);
    expect(ask('What does day care cost?')).toMatch(/25,000/);
  });
});

describe('held-out set 6b: the town a site names instead of an address', () => {
  it('answers "Which city are you in?" with the place the site says it is in', () => {
    expect(ask('Which city are you in?')).toMatch(/heart of Kampala/);
  });

  it('still gives the street address where one is given, over a sentence naming the town', () => {
    const salon = [
      page('https://vlecht.example.nl/', 'Vlecht hair studio', `# Vlecht\n\n## Who we are\n\nLocated in the centre of Utrecht, our salon cuts, colours and braids.`),
      page('https://vlecht.example.nl/contact', 'Contact', `# Contact\n\n## Visit\n\nOudegracht 212, 3511 NS Utrecht`),
    ];
    expect(offlineReplyOf('Where is the salon?', salon, { business: 'Vlecht' })).toMatch(/Oudegracht 212/);
  });
});

describe('held-out set 6b: "What services do you offer?"', () => {
  it('lists the services under a heading naming them', () => {
    const reply = ask('What services do you offer?');
    expect(reply).toMatch(/Day care[\s\S]*Bath and brush[\s\S]*Puppy socials/);
  });
});

describe('held-out set 6b and 6a: the place and the people of sites in other languages', () => {
  const pousada = [
    page(
      'https://pousada-mare.example.br/',
      'Pousada Maré',
      `# Pousada Maré\n\n## Sobre nós\n\nLocalizada no bairro de Ponta Negra em Natal, a Pousada Maré fica a 200 metros da praia, com piscina e café da manhã.`,
    ),
  ];
  const card = (name: string, role: string, text: string) =>
    `<div class="chef-card"><img src="${name}.jpg" alt="${role} ${name}"><div class="chef-info"><h3>${name}</h3><span class="chef-title">${role}</span><p>${text}</p></div></div>`;
  const teamHtml = `<!doctype html><html><head><title>Unsere Köche</title></head><body><main><h1>Unsere Köche</h1><div class="chefs">${[
    card('Anna Vogel', 'Chefköchin', 'Mit 15 Jahren Erfahrung in der gehobenen Gastronomie leitet Anna unser Küchenteam.'),
    card('Lena Brandt', 'Sous-Chef', 'Lena bringt nach ihrer Ausbildung in Lyon frischen Wind in unsere Küche.'),
    card('Jonas Kraft', 'Konditor', 'Jonas backt unsere Torten, Tartes und das Eis des Hauses.'),
  ].join('')}</div><h2>Unsere Küchenphilosophie</h2><p>Alle unsere Köche teilen die Leidenschaft für saisonale Zutaten.</p></main></body></html>`;
  const { title, text } = extractPage(teamHtml, 'https://lindenhof-bistro.example.de/team');
  const bistro = [page('https://lindenhof-bistro.example.de/team', title, text)];

  it('answers "Em que lugar fica...?" with the neighbourhood the site says it is in', () => {
    expect(offlineReplyOf('Em que lugar fica a pousada?', pousada, { business: 'Pousada Maré' })).toMatch(/Ponta Negra em Natal/);
  });

  it('answers who holds a role written as a German compound ("Chefköchin", "Konditor")', () => {
    expect(offlineReplyOf('Wer ist eure Chefköchin?', bistro, { business: 'Lindenhof Bistro' })).toMatch(/Anna Vogel/);
    expect(offlineReplyOf('Wer ist euer Konditor?', bistro, { business: 'Lindenhof Bistro' })).toMatch(/Jonas Kraft/);
  });
});

describe('held-out set 6b: founding years as German and French sites write them', () => {
  const trattoria = [
    page(
      'https://da-enzo.example.de/ueber-uns',
      'Über uns',
      `# Über uns\n\n## Wie alles begann\n\nDa Enzo wurde im Jahr 1998 von Enzo und Carla Russo gegründet.\n\n## Unser Küchenchef\n\nMarco hat unsere Karte mit Gerichten aus Apulien erweitert.`,
    ),
  ];
  const plombier = [
    page(
      'https://plomberie-roux.example.fr/',
      'Plomberie Roux',
      `# Plomberie Roux\n\n## Dépannage\n\nFuites, chauffe-eau et salles de bain à Nantes.\n\n## La société\n\nCréation : 12/03/2016\nSiège social : 4 rue Crébillon 44000 Nantes`,
    ),
  ];

  it('answers who founded it from "wurde im Jahr 1998 von ... gegründet", not from a sentence with "hat"', () => {
    const reply = offlineReplyOf('Wer hat das Restaurant gegründet?', trattoria, { business: 'Da Enzo' });
    expect(reply).toMatch(/Enzo und Carla Russo/);
    expect(reply).not.toMatch(/Marco/);
    expect(offlineReplyOf('Seit wann gibt es das Restaurant?', trattoria, { business: 'Da Enzo' })).toMatch(/1998/);
  });

  it('answers "Depuis quand la société existe-t-elle ?" from its "Création" date', () => {
    expect(offlineReplyOf('Depuis quand la société existe-t-elle ?', plombier, { business: 'Plomberie Roux' })).toMatch(/12\/03\/2016/);
  });
});
