// The non-prose blocks a docs page holds: admonitions, titled code blocks, GFM tables and task
// lists, lists. Each is the Docusaurus-compatible syntax writers use, so the bench exercises
// the same remark plugins, highlighter and components as the company's real pages.
import { CODE_WORDS, nounPhrase, sentence } from './prose.mjs';

const ADMONITIONS = [
  ['tip', ['Dica', 'Boa prática', 'Atalho útil']],
  ['note', ['Observação', 'Lembrete']],
  ['info', ['Informação', 'Saiba mais']],
  ['warning', ['Atenção', 'Cuidado com o prazo']],
  ['danger', ['Risco de bloqueio', 'Não faça isso']],
];

/** `:::tip[Título]` (the newer syntax) most of the time, sometimes untitled. */
export function admonition(r) {
  const [kind, titles] = r.pick(ADMONITIONS);
  const head = r.chance(0.8) ? `:::${kind}[${r.pick(titles)}]` : `:::${kind}`;
  return `${head}\n${sentence(r)} ${sentence(r)}\n:::`;
}

const js = (r, v = r.pick(['resposta', 'retorno', 'res'])) => `\`\`\`js title="${r.pick(['enviar-mensagem.js', 'webhook.js', 'verificar-numero.js'])}"
// Envia uma mensagem de modelo pela API oficial (Cloud API)
const ${v} = await fetch(\`https://graph.facebook.com/v21.0/\${phoneNumberId}/messages\`, {
  method: 'POST',
  headers: { Authorization: \`Bearer \${process.env.WHATSAPP_TOKEN}\`, 'Content-Type': 'application/json' },
  body: JSON.stringify({
    messaging_product: 'whatsapp',
    to: '55${r.int(11, 99)}9${r.int(10000000, 99999999)}',
    type: 'template',
    template: { name: '${r.pick(['boas_vindas', 'confirmacao_pedido', 'lembrete_pagamento'])}', language: { code: 'pt_BR' } },
  }),
});
if (!${v}.ok) throw new Error(\`Falha no envio: \${${v}.status}\`);
\`\`\``;

const bash = (r) => `\`\`\`bash title="${r.pick(['consultar-numero.sh', 'registrar.sh', 'terminal'])}"
# Consulta o status do número (troque o ID e o token pelos da sua conta)
export WHATSAPP_TOKEN="EAAG...${r.int(1000, 9999)}"
curl -s "https://graph.facebook.com/v21.0/${r.int(100000000000000, 999999999999999)}?fields=${r.sample(CODE_WORDS, 3).join(',')}" \\
  -H "Authorization: Bearer $WHATSAPP_TOKEN" | jq '.'
\`\`\``;

const json = (r) => `\`\`\`json title="${r.pick(['webhook-mensagem.json', 'resposta.json', 'evento.json'])}"
{
  "object": "whatsapp_business_account",
  "entry": [{
    "id": "${r.int(100000000000000, 999999999999999)}",
    "changes": [{
      "field": "messages",
      "value": {
        "messaging_product": "whatsapp",
        "metadata": { "display_phone_number": "55${r.int(11, 99)}${r.int(30000000, 39999999)}" },
        "messages": [{ "type": "text", "text": { "body": "Olá! Quero saber sobre a migração do número." } }]
      }
    }]
  }]
}
\`\`\``;

export const codeBlock = (r) => r.pick([js, bash, json])(r); // one argument: js picks its own variable name

/** A GFM table of fields, the most common table on the company's pages. */
export function table(r) {
  const rows = Array.from({ length: r.int(3, 6) }, () => {
    const field = r.pick(CODE_WORDS);
    return `| \`${field}\` | ${r.pick(['texto', 'número', 'booleano', 'data'])} | ${r.pick(['Sim', 'Não'])} | ${nounPhrase(r)} |`;
  });
  return ['| Campo | Tipo | Obrigatório | Descrição |', '| --- | --- | :---: | --- |', ...rows].join('\n');
}

export function taskList(r) {
  return Array.from({ length: r.int(3, 5) }, () => `- [${r.chance(0.5) ? 'x' : ' '}] ${nounPhrase(r)}`).join('\n');
}

export function orderedSteps(r) {
  return Array.from({ length: r.int(3, 6) }, (_, i) => `${i + 1}. ${sentence(r)}`).join('\n');
}

export function bulletList(r) {
  return Array.from({ length: r.int(3, 5) }, () => `- **${nounPhrase(r)}**: ${sentence(r)}`).join('\n');
}
