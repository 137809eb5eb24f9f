// Sentences, paragraphs, titles and descriptions in pt-BR. Templates rather than a word
// salad: the pages should look like the company's (instructions, warnings, deadlines) so that
// the build, the highlighter and the search index work on text of realistic shape and length.
// Nothing here may produce MDX syntax by accident: no '{', '}', '<' or '>' in prose.
import { ADJECTIVES, BUTTONS, IMPERATIVES, NOUNS, PEOPLE, VERBS, agree, art } from './words.mjs';

const SENTENCES = [
  'Antes de {V} {o:1}, confira se {o:2} está {a:2}.',
  '{I} {o:1} no painel e anote {o:2} que aparece na tela.',
  'Quando {o:1} fica {a:1}, {P} precisa {V} {o:2} em até {n} dias úteis.',
  'Esse passo é obrigatório para quem vai {V} {um:1} {a:1}.',
  'Em caso de dúvida, fale com {P} antes de {V} {o:1}.',
  'A Meta pode levar até {n} horas para {V} {o:1}, então planeje a mudança com antecedência.',
  'Sem {um:1} {a:1}, não é possível {V} {o:2}.',
  'Depois de {V} {o:1}, o sistema mostra uma confirmação e {o:2} passa a ficar {a:2}.',
  'Guarde {o:1} em local seguro: essa informação será pedida de novo na verificação.',
  'Se {o:1} aparecer como {a:1}, volte à etapa anterior e repita o processo.',
  'Nem {todo:1} {:1} pode ser usado aqui; consulte a política comercial da Meta.',
  'O prazo médio para {V} {o:1} é de {n} minutos, mas pode variar conforme a demanda.',
  'Clique em **{B}** e aguarde a página carregar por completo.',
  'Essa configuração afeta apenas {o:1} e não altera {o:2} já existente.',
  'Também é possível {V} {o:1} pela API, usando o valor de `{code}` gerado no passo anterior.',
  'Na prática, {P} costuma {V} {o:1} logo depois {do:2}.',
  'Não compartilhe {o:1} por e-mail nem por mensagem: use sempre o cofre de senhas da empresa.',
  'A opção **{B}** só aparece quando {o:1} já está {a:1}.',
  'Para evitar retrabalho, revise {o:1} e {o:2} antes de enviar a solicitação.',
  'É comum que {o:1} demore a sincronizar; aguarde alguns minutos e atualize a página.',
  'O campo `{code}` precisa conter {o:1} exatamente como aparece no cadastro.',
  'Você também pode {V} {o:1} direto {pelo:2}, sem passar pela tela de revisão.',
  'Se a Meta recusar {o:1}, o motivo aparece em **Qualidade da conta**, junto com o histórico.',
  'Isso vale tanto para números novos quanto para números migrados de uma solução não oficial.',
  'Em ambientes de teste, {o:1} não precisa estar {a:1}, mas em produção é obrigatório.',
  '_Atenção_: {o:1} expira em {n} dias e precisa ser renovado antes do vencimento.',
  'Informe {ao:1} o código recebido por SMS ou ligação e confirme a operação.',
  'Após a aprovação, {o:1} aparece como **{a:1}** na lista do portfólio.',
];

const CODE_WORDS = ['phone_number_id', 'waba_id', 'access_token', 'business_id', 'display_name',
  'verify_token', 'callback_url', 'messaging_product', 'template_name', 'quality_rating'];

const noun = (r) => r.pick(NOUNS);
const cap = (s) => s[0].toUpperCase() + s.slice(1);

/** Fills one template; nouns are numbered so articles and adjectives agree with the right one. */
function fill(r, template) {
  const nouns = {};
  const nounFor = (k) => (nouns[k] ??= noun(r));
  return template.replace(/\{(\w*):(\d)\}|\{(\w+)\}/g, (_, form, k, name) => {
    if (k) {
      const [word, g] = nounFor(k);
      if (form === 'a') return agree(r.pick(ADJECTIVES), g);
      return form ? `${art(form, g)} ${word}` : word;
    }
    switch (name) {
      case 'V': return r.pick(VERBS);
      case 'I': return r.pick(IMPERATIVES);
      case 'B': return r.pick(BUTTONS);
      case 'P': return r.pick(PEOPLE);
      case 'n': return String(r.int(2, 30));
      case 'code': return r.pick(CODE_WORDS);
      default: throw new Error(`unknown placeholder ${name}`);
    }
  });
}

export const sentence = (r) => cap(fill(r, r.pick(SENTENCES)));

export function paragraph(r, min = 3, max = 5) {
  return Array.from({ length: r.int(min, max) }, () => sentence(r)).join(' ');
}

/** A page title such as 'Como verificar a conta do WhatsApp Business'. */
export function pageTitle(r) {
  const [word, g] = noun(r);
  const forms = [
    () => `Como ${r.pick(VERBS)} ${art('o', g)} ${word}`,
    () => `${cap(word)} ${agree(r.pick(ADJECTIVES), g)}`,
    () => `${cap(r.pick(VERBS))} ${art('o', g)} ${word} ${agree(r.pick(ADJECTIVES), g)}`,
    () => `Guia ${art('do', g)} ${word}`,
  ];
  return r.pick(forms)();
}

export const description = (r) => sentence(r).replace(/[*_`]/g, '');

/** A short heading for an h3 (several per page; text repeats across pages, ids do not matter). */
export function subheading(r) {
  const [word, g] = noun(r);
  return r.pick([
    () => `${cap(r.pick(VERBS))} ${art('o', g)} ${word}`,
    () => `Quando ${art('o', g)} ${word} está ${agree(r.pick(ADJECTIVES), g)}`,
    () => `${cap(word)} ${agree(r.pick(ADJECTIVES), g)}`,
  ])();
}

/** Table cell text: a noun phrase, short enough for a column. */
export const nounPhrase = (r) => {
  const [word, g] = noun(r);
  return `${cap(word)} ${agree(r.pick(ADJECTIVES), g)}`;
};

export { CODE_WORDS };
