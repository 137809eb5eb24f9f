export const frontMatter = {
  title: 'Central do WhatsApp Oficial',
  description:
    'Porta de entrada da documentação interna para ativar números oficiais do WhatsApp na API de Nuvem da Meta e conectá-los ao mktzap.',
};

interface EntryCard {
  href: string;
  title: string;
  text: string;
}

const situations: EntryCard[] = [
  {
    href: '/docs/new-number/prerequisites',
    title: 'Número novo',
    text: 'O número ainda não está em nenhum WhatsApp. Comece pelos pré-requisitos e siga até o status Conectado.',
  },
  {
    href: '/docs/unoffical-to-official/prerequisites',
    title: 'Número que está no app WhatsApp',
    text: 'O número roda hoje no WhatsApp ou no WhatsApp Business do celular e precisa ir para a API oficial.',
  },
  {
    href: '/docs/number-operations/move-number-between-wabas',
    title: 'Número já na API com outro provedor',
    text: 'O número já funciona na API oficial em outra WABA ou com outro provedor. Ele é movido entre WABAs, sem apagar nada.',
  },
  {
    href: '/docs/errors/site-invalido',
    title: 'Erro “site inválido” na verificação',
    text: 'A Meta recusou o site da empresa na verificação. Veja o que conferir antes de reenviar.',
  },
];

const oldIntegration: EntryCard = {
  href: '/docs/old-integration/when-to-use',
  title: 'Integração antiga',
  text: 'O fluxo manual em nove passos, para os casos em que a empresa ainda o usa.',
};

/** The whole card is the link (one click per situation), styled by the theme's card classes. */
function Card({ card }: { card: EntryCard }) {
  return (
    <li>
      <a className="dg-card" href={card.href}>
        <span className="dg-card__title">{card.title}</span>
        <span className="dg-card__description">{card.text}</span>
      </a>
    </li>
  );
}

export default function HomePage() {
  return (
    <div className="dg-container dg-markdown">
      <section aria-labelledby="home-titulo">
        <h1 id="home-titulo">Central do WhatsApp Oficial</h1>
        <p>
          Esta é a documentação interna da equipe que ativa números oficiais do WhatsApp para os clientes. O WhatsApp
          oficial para empresas é a Plataforma do WhatsApp Business, e o número roda na API de Nuvem, hospedada pela
          própria Meta. Aqui você encontra o passo a passo para preparar os ativos da Meta, ativar ou migrar o número,
          conectá-lo ao mktzap e registrar o canal no tardis.
        </p>
        <p>
          <a href="/docs/intro">Começar pela introdução</a>
        </p>
      </section>

      <section aria-labelledby="home-caso">
        <h2 id="home-caso">Qual é o seu caso?</h2>
        <ul className="dg-cards">
          {[...situations, oldIntegration].map((card) => (
            <Card key={card.href} card={card} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="home-antes">
        <h2 id="home-antes">Antes de começar</h2>
        <p>Para usar a plataforma, a empresa do cliente precisa de:</p>
        <ul>
          <li>um portfólio empresarial em que alguém tenha acesso de administrador (controle total);</li>
          <li>um app da Meta criado com o caso de uso do WhatsApp;</li>
          <li>uma conta do WhatsApp Business (WABA);</li>
          <li>um número de telefone comercial que receba SMS ou ligação para o código de verificação.</li>
        </ul>
        <p>
          A antiga API Local (On-Premises) foi descontinuada: hoje todo número oficial usa a API de Nuvem.
        </p>
      </section>

      <section aria-labelledby="home-aviso">
        <h2 id="home-aviso">As telas da Meta mudam com frequência</h2>
        <p>
          Rótulos de menu e fluxos da Meta mudam sem aviso. Cada página mostra, no rodapé, a data em que foi conferida
          com as fontes. Se uma tela estiver diferente do que a página descreve, confira a fonte oficial listada no fim
          da página.
        </p>
        <p>
          Atalhos: <a href="/docs/definitions/useful-linkts">Links úteis</a> ·{' '}
          <a href="/docs/definitions/glossary">Glossário</a> ·{' '}
          <a href="/docs/errors/meta-error-codes">Códigos de erro da Meta</a> ·{' '}
          <a href="/docs/definitions/new-vs-migration">Número novo × migração: qual caminho seguir</a> ·{' '}
          <a href="/markdown-page">Como escrever nesta documentação</a>
        </p>
      </section>
    </div>
  );
}
