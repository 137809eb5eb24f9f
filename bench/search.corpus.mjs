// Deterministic pt-BR search corpus: N doc pages as SearchDocument objects (the shape the
// engine hands to buildSearchIndex), about the size of the company's real pages
// (~800 words, 6–10 sections). Used by bench/search.mjs when no built site is given.

const NOUNS = `número portfólio empresa conta aplicativo webhook token mensagem modelo cliente
atendimento verificação migração integração configuração permissão usuário sistema canal perfil
nome exibição categoria documento comprovante endereço telefone código chave segredo pagamento
cartão limite qualidade classificação janela conversa campanha envio entrega leitura status erro
falha alerta painel relatório análise equipe suporte administrador acesso credencial senha
certificado domínio site página formulário campo botão menu tela etapa passo processo fluxo
pedido solicitação aprovação revisão política regra termo contrato plano cobrança fatura
identificador registro cadastro dado informação arquivo imagem vídeo áudio mídia link url
servidor ambiente teste produção versão atualização ferramenta recurso serviço plataforma
provedor parceiro agência gerente responsável contato região idioma horário prazo dia semana
mês hora minuto resposta pergunta dúvida problema solução exemplo caso situação motivo causa`
  .split(/\s+/);
const VERBS = `criar verificar configurar migrar ativar desativar conectar registrar enviar receber
aprovar revisar solicitar confirmar acessar abrir fechar clicar selecionar preencher informar
copiar colar salvar excluir editar alterar trocar adicionar remover vincular desvincular validar
gerar renovar consultar conferir anotar aguardar liberar bloquear testar publicar integrar`
  .split(/\s+/);
const ADJECTIVES = `oficial comercial novo antigo ativo pendente aprovado recusado verificado
obrigatório opcional principal secundário correto errado válido inválido público privado
temporário permanente automático manual rápido lento disponível indisponível seguro simples`
  .split(/\s+/);
const GLUE = ['de', 'do', 'da', 'no', 'na', 'para', 'com', 'em', 'e', 'o', 'a', 'os', 'as', 'pelo', 'ao', 'que'];

/** Small deterministic PRNG (mulberry32) so every run indexes the same text. */
export function rng(seed) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Zipf-like pick: early words are frequent, late ones rare, as in real text. */
const pick = (r, list) => list[Math.floor(list.length * r() ** 2)];

function sentence(r, rare) {
  const n = 8 + Math.floor(r() * 12);
  const out = [];
  for (let i = 0; i < n; i++) {
    const x = r();
    out.push(x < 0.3 ? pick(r, GLUE) : x < 0.65 ? pick(r, NOUNS) : x < 0.85 ? pick(r, VERBS) : x < 0.97 ? pick(r, ADJECTIVES) : rare());
  }
  const s = out.join(' ');
  return s[0].toUpperCase() + s.slice(1) + '.';
}

const title = (r) => `${pick(r, VERBS)} ${pick(r, GLUE)} ${pick(r, NOUNS)} ${pick(r, ADJECTIVES)}`.replace(/^./, (c) => c.toUpperCase());

/** Heading ids as the engine makes them (github-slugger: lower case, accents kept, dashes). */
function slug(text, seen) {
  const base = text.toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, '').trim().replace(/\s/g, '-');
  const n = seen.get(base) ?? 0;
  seen.set(base, n + 1);
  return n ? `${base}-${n}` : base;
}

export function generateSearchCorpus(pages, seed = 42) {
  const r = rng(seed);
  const docs = [];
  for (let p = 0; p < pages; p++) {
    // Each page has a few words of its own (codes, product names, numbers): vocabulary
    // keeps growing with the corpus, as it does in real documentation.
    const own = Array.from({ length: 6 }, (_, i) => `${pick(r, NOUNS).slice(0, 4)}${(p * 7 + i * 13) % 9973}x`);
    const rare = () => (r() < 0.5 ? own[Math.floor(r() * own.length)] : String(Math.floor(r() * 100000)));
    const sections = [{ anchor: '', headings: [], text: Array.from({ length: 3 }, () => sentence(r, rare)).join(' ') }];
    const count = 6 + Math.floor(r() * 5);
    let h2 = '';
    const seen = new Map();
    for (let s = 0; s < count; s++) {
      const heading = title(r);
      const isH3 = s > 0 && r() < 0.35;
      if (!isH3) h2 = heading;
      const text = Array.from({ length: 4 + Math.floor(r() * 5) }, () => sentence(r, rare)).join(' ');
      sections.push({ anchor: slug(heading, seen), headings: isH3 ? [h2, heading] : [heading], text });
    }
    docs.push({
      path: `/docs/cat-${p % 20}/pagina-${p}`,
      title: `${title(r)} ${p}`,
      description: sentence(r, rare),
      locale: 'pt-BR',
      sections,
    });
  }
  return docs;
}
