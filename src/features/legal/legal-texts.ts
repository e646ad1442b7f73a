/**
 * The 用户服务协议 and 隐私政策 of a self-hosted deployment (issue 43 item 7), written for this project: they describe
 * what this software actually does with accounts and data, name the brand the page is opened under and the operator
 * from the server's settings (OPERATOR_NAME). Chinese only: they are the documents a user agrees to at login.
 */
export interface TLegalSection {
  id: string;
  heading: string;
  paragraphs: string[];
}

export interface TLegalWords {
  /** 接龙通, 投票通, 问卷通: the brand the page is opened under. */
  brand: string;
  /** OPERATOR_NAME, or a plain description when the operator has not set it. */
  operator: string;
}

/** When these texts were last changed (shown as 更新日期). */
export const LEGAL_UPDATED = '2026 年 12 月';

export function termsSections({ brand, operator }: TLegalWords): TLegalSection[] {
  return [
    {
      id: 'scope',
      heading: '一、协议的适用',
      paragraphs: [
        `${brand}是一套可自行部署的在线收集工具，用于创建问卷、考试、表单、投票、接龙、收款和预约等项目。本网站由${operator}部署和运营，本协议是你与${operator}之间就使用本网站所订立的约定。`,
        '你在登录或注册时勾选或继续操作，即表示你已阅读并同意本协议和《隐私政策》。如不同意，请不要登录或注册，也不要继续使用需要账号的功能。',
      ],
    },
    {
      id: 'account',
      heading: '二、账号',
      paragraphs: [
        '你可以用手机号和短信验证码注册账号，之后可设置密码登录。请妥善保管账号、密码和验证码，通过你的账号进行的操作视为你本人的操作。',
        '发现账号被他人使用时，请及时修改密码并联系运营者。运营者可以对长期不使用、冒用他人身份或违反本协议的账号采取限制登录、暂停使用等措施。',
      ],
    },
    {
      id: 'content',
      heading: '三、你发布的内容',
      paragraphs: [
        '你创建的项目、上传的图片和文件以及收集到的数据归你或相应的权利人所有。你授权本网站为提供服务而存储、展示和传输这些内容，例如向填写者显示你的问卷、向协作者显示你共享的数据。',
        '你应当确保发布的内容合法，不侵犯他人的权利，不含有违法、欺诈、骚扰或不当收集他人信息的内容。收集个人信息时，你应当向填写者说明收集的目的和用途，并只收集必要的信息。',
        '运营者发现违法或违反本协议的内容时，可以暂停该项目的收集、删除相关内容或限制账号的使用。',
      ],
    },
    {
      id: 'payments',
      heading: '四、收款、团购与预约',
      paragraphs: [
        '收款和团购项目的款项由你开通的支付渠道（如微信支付、支付宝）直接收取，本网站记录订单和支付结果，不代为保管资金。商品、服务的质量、发货、退款和售后由发布项目的一方负责。',
        '预约项目的时段、名额和到场安排由发布者设置和处理。填写者对订单或预约有疑问时，应首先联系发布者。',
      ],
    },
    {
      id: 'service',
      heading: '五、服务的变更与中止',
      paragraphs: [
        '本网站的功能可能随软件版本更新而调整。因系统维护、升级或不可抗力需要暂停服务时，运营者会尽量提前告知。',
        '请定期导出重要数据。运营者会尽合理努力保障数据安全和服务可用，但对于非因运营者过错造成的数据丢失或服务中断，不承担超出法律规定的责任。',
      ],
    },
    {
      id: 'changes',
      heading: '六、协议的修改',
      paragraphs: [
        '运营者可以根据法律法规或服务的变化修改本协议，修改后的协议会在本页面公布并注明更新日期。修改后你继续使用本网站，即视为接受修改后的协议。',
        '本协议未尽事宜，依照中华人民共和国法律法规处理。',
      ],
    },
  ];
}

export function privacySections({ brand, operator }: TLegalWords): TLegalSection[] {
  return [
    {
      id: 'who',
      heading: '一、谁在处理你的信息',
      paragraphs: [
        `本网站使用开源软件${brand}自行部署，由${operator}运营。你的信息存放在运营者自己的服务器上，由运营者负责保护。本政策说明本网站收集哪些信息、为什么收集以及你可以做什么。`,
      ],
    },
    {
      id: 'collect',
      heading: '二、我们收集的信息',
      paragraphs: [
        '账号信息：注册和登录时的手机号、你设置的用户名、头像和密码（密码只保存不可逆的摘要）。',
        '使用信息：为保障安全而记录的登录时间、访问的 IP 地址，以及为防止重复提交和刷票而在浏览器中保存的设备标识。',
        '你创建的内容：项目的题目、设置、图片和文件，以及你作为发布者收集到的答卷、报名、订单和预约。',
        '你作为填写者提交的内容：你在他人项目中填写的答案、上传的文件、下单和预约的信息。这些信息由发布该项目的一方决定收集什么、如何使用，本网站按其设置保存和展示。',
      ],
    },
    {
      id: 'use',
      heading: '三、信息的使用',
      paragraphs: [
        '我们使用这些信息来提供登录、创建和发布项目、统计和导出数据、发送验证码和提醒短信、处理订单和预约等功能，并用于识别异常操作、保障账号和数据安全。',
        '我们不会出售你的个人信息，也不会把你的信息用于与上述功能无关的用途。',
      ],
    },
    {
      id: 'share',
      heading: '四、信息的共享',
      paragraphs: [
        '以下情形会把必要的信息提供给他人：你提交答卷、报名或订单时，发布该项目的一方可以看到你提交的内容；你把项目共享给协作者时，协作者可以按其权限查看和编辑；发送短信和处理支付时，向短信服务商和支付渠道提供手机号、订单号和金额等完成该项服务所必需的信息；法律法规要求或有权机关依法要求时。',
      ],
    },
    {
      id: 'keep',
      heading: '五、信息的保存与安全',
      paragraphs: [
        '信息保存在运营者的服务器上。上传的文件只对项目的发布者、协作者和提交者本人开放；项目被彻底删除或数据被清空后，相关文件会被删除。',
        '我们采取访问控制、密码摘要、验证码次数限制等措施保护信息。如发生信息安全事件，运营者会按法律要求告知你并采取补救措施。',
      ],
    },
    {
      id: 'rights',
      heading: '六、你的权利',
      paragraphs: [
        '你可以在个人中心查看和修改账号信息，在项目中导出、删除你收集的数据，通过回收站彻底删除项目。你可以联系运营者查询、更正或删除你的个人信息，或注销账号。',
        '如果你是某个项目的填写者，想查询或删除提交的内容，请联系发布该项目的一方；联系不到时，可以联系运营者协助处理。',
      ],
    },
    {
      id: 'minors',
      heading: '七、未成年人',
      paragraphs: ['未满 14 周岁的未成年人使用本网站，应当在监护人的同意和指导下进行。'],
    },
    {
      id: 'update',
      heading: '八、政策的更新',
      paragraphs: ['本政策修改后会在本页面公布并注明更新日期。重大变化时，我们会在登录页或站内显著位置提示。'],
    },
  ];
}
