// pt-BR vocabulary of the company's domain (official WhatsApp numbers, Meta business
// portfolio, WABA, migration). Nouns carry their gender so articles, contractions and
// adjectives agree: the text should read like a writer's page, with the accents, cedillas and
// tildes (ç, ã, õ, é, ê, à) a real pt-BR site has, because slugging, search and rendering
// behave differently on them than on ASCII.

/** [noun, gender] */
export const NOUNS = [
  ['número', 'm'], ['portfólio empresarial', 'm'], ['token de acesso', 'm'], ['webhook', 'm'],
  ['modelo de mensagem', 'm'], ['cliente', 'm'], ['cadastro', 'm'], ['perfil comercial', 'm'],
  ['nome de exibição', 'm'], ['domínio', 'm'], ['certificado', 'm'], ['código de verificação', 'm'],
  ['acesso', 'm'], ['aplicativo', 'm'], ['limite de envio', 'm'], ['comprovante de endereço', 'm'],
  ['painel', 'm'], ['relatório', 'm'], ['administrador', 'm'], ['usuário', 'm'], ['canal', 'm'],
  ['fluxo de cadastro', 'm'], ['pedido de análise', 'm'], ['prazo', 'm'], ['documento', 'm'],
  ['CNPJ', 'm'], ['Gerenciador de Negócios', 'm'], ['identificador', 'm'], ['chip', 'm'],
  ['conta do WhatsApp Business', 'f'], ['empresa', 'f'], ['mensagem', 'f'], ['integração', 'f'],
  ['migração', 'f'], ['verificação', 'f'], ['permissão', 'f'], ['chave de API', 'f'],
  ['janela de atendimento', 'f'], ['categoria', 'f'], ['política comercial', 'f'], ['etapa', 'f'],
  ['solicitação', 'f'], ['aprovação', 'f'], ['fatura', 'f'], ['linha telefônica', 'f'],
  ['campanha', 'f'], ['credencial', 'f'], ['configuração', 'f'], ['plataforma', 'f'],
  ['senha', 'f'], ['tela de revisão', 'f'], ['URL de retorno', 'f'], ['WABA', 'f'],
  ['autenticação em duas etapas', 'f'], ['classificação de qualidade', 'f'], ['instância', 'f'],
];

/** Masculine singular; the feminine is derived by agree(). */
export const ADJECTIVES = [
  'oficial', 'comercial', 'novo', 'antigo', 'ativo', 'pendente', 'aprovado', 'recusado',
  'verificado', 'obrigatório', 'opcional', 'principal', 'válido', 'inválido', 'público',
  'privado', 'temporário', 'automático', 'disponível', 'seguro', 'vinculado', 'bloqueado',
  'configurado', 'correto', 'suspenso', 'restrito', 'único', 'compatível',
];

export const VERBS = [
  'criar', 'verificar', 'configurar', 'migrar', 'ativar', 'desativar', 'conectar', 'registrar',
  'enviar', 'aprovar', 'revisar', 'solicitar', 'confirmar', 'acessar', 'vincular',
  'desvincular', 'validar', 'gerar', 'renovar', 'consultar', 'conferir', 'liberar', 'testar',
  'publicar', 'integrar', 'transferir', 'excluir', 'atualizar', 'recuperar', 'cadastrar',
];

export const IMPERATIVES = [
  'Abra', 'Acesse', 'Confira', 'Selecione', 'Copie', 'Revise', 'Informe', 'Anote', 'Verifique',
  'Atualize', 'Gere', 'Registre', 'Solicite', 'Consulte', 'Valide',
];

export const BUTTONS = [
  'Adicionar número', 'Continuar', 'Enviar para análise', 'Salvar alterações', 'Verificar',
  'Conectar conta', 'Gerar token', 'Confirmar migração', 'Concluir', 'Próximo',
  'Configurações da empresa', 'Iniciar verificação',
];

export const PEOPLE = ['o time de suporte', 'a equipe de atendimento', 'o gestor da conta',
  'o responsável técnico', 'a área financeira', 'o administrador do portfólio'];

/** Base labels of categories; qualifiers make them unique at 1000 pages. */
export const CATEGORY_BASES = [
  'Definições e processos', 'Migração de números', 'Ativação de número novo',
  'Integração antiga', 'Erros comuns', 'Configuração da conta', 'Permissões e acessos',
  'Verificação da empresa', 'Modelos de mensagem', 'Webhooks e eventos', 'Cobrança e faturas',
  'Qualidade e limites', 'Segurança da conta', 'Relatórios e métricas', 'Atendimento ao cliente',
  'Gerenciador de Negócios', 'Números de teste', 'Perfil comercial', 'Conexão da API',
  'Política de uso', 'Autenticação', 'Transferência de portfólio', 'Suspensão e recurso',
  'Campanhas e envios', 'Ambiente de homologação', 'Documentação técnica',
];
export const CATEGORY_QUALIFIERS = ['', 'avançado', 'na prática', 'em detalhes', 'para iniciantes',
  'do dia a dia', 'passo a passo', 'para parceiros', 'referência'];

export const SECTION_TITLES = [
  'Pré-requisitos', 'Passo a passo', 'Erros comuns', 'Perguntas frequentes', 'Limites e prazos',
  'Próximos passos', 'Exemplo de requisição', 'Permissões necessárias', 'Solução de problemas',
  'Quando usar', 'Visão geral', 'Antes de começar', 'Como funciona', 'Checklist de revisão',
  'Observações importantes', 'Informações de cobrança', 'Configuração avançada',
];

const FEMININE_ENDINGS = [['ês', 'esa'], ['or', 'ora'], ['o', 'a']];

/** Feminine form of a masculine adjective or participle (novo → nova, português → portuguesa). */
export function agree(adjective, gender) {
  if (gender === 'm') return adjective;
  for (const [m, f] of FEMININE_ENDINGS) if (adjective.endsWith(m)) return adjective.slice(0, -m.length) + f;
  return adjective;
}

/** Article and contraction forms: art('do', 'f') → 'da', art('ao', 'f') → 'à'. */
const ARTICLES = {
  o: ['o', 'a'], um: ['um', 'uma'], do: ['do', 'da'], no: ['no', 'na'], ao: ['ao', 'à'],
  pelo: ['pelo', 'pela'], este: ['este', 'esta'], todo: ['todo', 'toda'], seu: ['seu', 'sua'],
};
export const art = (form, gender) => ARTICLES[form][gender === 'm' ? 0 : 1];
