import type { SearchDocument } from '@docgen/core/search/types';

/** A small hand-made pt-BR site: each page owns one topic, the glossary mentions them all. */
export const corpus: SearchDocument[] = [
  {
    path: '/docs/migracao',
    title: 'Migração de números para a API oficial',
    description: 'Como levar um número do aplicativo para a API de Nuvem.',
    locale: 'pt-BR',
    sections: [
      { anchor: '', headings: [], text: 'A migração mantém o número e o histórico de qualidade.' },
      { anchor: 'pre-requisitos', headings: ['Pré-requisitos'], text: 'O portfólio precisa estar verificado antes de começar.' },
      { anchor: 'passo-a-passo', headings: ['Passo a passo'], text: 'Siga as etapas na ordem.' },
      {
        anchor: 'apagar-a-conta-no-celular',
        headings: ['Passo a passo', 'Apagar a conta no celular'],
        text: 'No celular, abra o aplicativo e apague a conta antes de registrar o número na API. Sem isso o registro falha com erro de número em uso.',
      },
    ],
  },
  {
    path: '/docs/verificacao',
    title: 'Verificação da empresa',
    locale: 'pt-BR',
    sections: [
      { anchor: '', headings: [], text: 'A Meta confere os documentos da empresa.' },
      { anchor: 'documentos', headings: ['Documentos aceitos'], text: 'Cartão CNPJ, contrato social ou conta de consumo no nome da empresa.' },
    ],
  },
  {
    path: '/docs/webhook',
    title: 'Configurar o webhook',
    locale: 'pt-BR',
    sections: [
      { anchor: '', headings: [], text: '' },
      { anchor: 'url', headings: ['URL de retorno de chamada'], text: 'Informe a URL e o token de verificação escolhido por você.' },
      { anchor: 'campos', headings: ['Campos assinados'], text: 'Assine o campo messages para receber as mensagens dos clientes.' },
    ],
  },
  {
    path: '/docs/numero-novo',
    title: 'Como ativar um número novo',
    locale: 'pt-BR',
    sections: [
      { anchor: '', headings: [], text: 'Um número novo nunca foi usado no WhatsApp.' },
      { anchor: 'configuracoes', headings: ['Configurações do número'], text: 'Defina o nome de exibição e o PIN de duas etapas.' },
    ],
  },
  {
    path: '/docs/erros',
    title: 'Erros comuns',
    locale: 'pt-BR',
    sections: [
      { anchor: '', headings: [], text: 'Mensagens de erro frequentes e o que fazer.' },
      { anchor: 'token-expirado', headings: ['Token expirado'], text: 'Gere um token permanente para o usuário do sistema.' },
      { anchor: 'limite', headings: ['Limite de mensagens'], text: 'O limite pertence ao portfólio.' },
    ],
  },
  {
    path: '/docs/glossario',
    title: 'Glossário',
    locale: 'pt-BR',
    sections: [
      {
        anchor: '',
        headings: [],
        text: 'Termos usados no site: migração, verificação, webhook, token, número novo, configurações, portfólio, WABA e aplicativo.',
      },
    ],
  },
];
