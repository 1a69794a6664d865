import Core

/// The words the offline assistant reads Chinese requests with (`ChineseIntentReader`). Chinese has
/// no spaces, so phrases are found as substrings; lists are tried longest first.
enum ChineseVocabulary {
    /// Whole messages asking for help.
    static let help: Set<String> = [
        "帮助", "帮忙", "求助", "帮帮我", "说明", "使用说明", "命令", "怎么用", "如何使用", "你能做什么", "你会做什么",
        "你可以做什么", "你能干什么", "你会什么", "能做什么", "可以做什么", "你有什么功能", "有什么功能",
        "你能帮我做什么", "你可以帮我做什么", "你能帮我什么",
    ]
    static let greetings: Set<String> = ["你好", "您好", "嗨", "哈喽", "哈啰", "早上好", "早安", "下午好", "晚上好",
                                         "在吗", "你好呀"]
    static let thanks: Set<String> = ["谢谢", "谢谢你", "谢谢您", "多谢", "感谢", "谢了", "辛苦了", "太感谢了",
                                      "非常感谢", "好的谢谢"]
    /// Politeness before the request itself.
    static let politeOpenings = ["请问", "请你", "请", "麻烦你", "麻烦", "你好", "您好", "嗨"]
    /// Particles at the end that change nothing.
    static let finalParticles: Set<Character> = ["吧", "呀", "哦", "啊", "呢", "吗", "啦"]
    static let sentencePunctuation: Set<Character> = ["。", "！", "？", "!", "?", "~", "～", "…", ".", "，", ",", "；", ";"]

    /// Words anywhere in a message that ask for a task or reminder.
    static let taskMarkers = [
        "提醒我一下", "提醒一下我", "提醒我", "提醒一下", "叫我", "记得要", "记得", "别忘了", "不要忘了", "不要忘记", "别忘记",
        "添加一个任务", "添加任务", "加一个任务", "加个任务", "新建一个任务", "新建任务", "创建一个任务", "创建任务", "新任务",
        "添加一个提醒", "添加提醒", "设置一个提醒", "设置提醒", "设一个提醒", "设个提醒", "帮我记一下", "帮我记下",
        "帮我记住", "记一下", "记下来", "记下", "帮我安排", "安排一下", "安排",
    ]
    /// Words that ask for a task only at the start, before a colon ("任务：交房租").
    static let taskHeaders = ["待办事项", "待办", "任务", "提醒"]
    /// Words left between the request words and the title ("提醒我*要*交作业").
    static let titleLeadIns = ["我需要", "我要", "我得", "需要", "要", "一下", "我"]
    static let highPriority = ["紧急", "很重要", "重要", "尽快", "赶紧", "加急"]
    static let lowPriority = ["不着急", "不急", "有空的时候", "有空再", "有空时", "有空", "以后再说"]
    /// Categories tried in order; the first with a keyword in the title wins, else `.other`.
    static let categories: [(TaskCategory, [String])] = [
        (.work, ["会议", "开会", "报告", "客户", "邮件", "老板", "上班", "加班", "汇报", "项目", "工作", "同事", "面试"]),
        (.health, ["医生", "看病", "牙医", "医院", "体检", "吃药", "健身", "跑步", "锻炼", "瑜伽", "运动", "挂号"]),
        (.shopping, ["买", "购物", "超市", "下单", "网购"]),
        (.home, ["打扫", "洗衣服", "洗碗", "浇花", "房租", "水电", "缴费", "交费", "倒垃圾", "收拾", "做饭", "拖地"]),
        (.study, ["学习", "作业", "考试", "复习", "读书", "看书", "上课", "课程", "背单词", "练习"]),
        (.social, ["生日", "聚会", "派对", "婚礼", "聚餐", "约会", "请客"]),
        (.personal, ["妈妈", "爸爸", "母亲", "父亲", "家人", "奶奶", "爷爷", "外婆", "外公", "理发", "护照", "银行"]),
    ]

    /// A list header: a verb that makes one, and a word that names one.
    static let listOpenings = [
        "帮我列一个", "帮我列个", "帮我列", "给我列一个", "给我列个", "列一个", "列个", "列出", "帮我做一个",
        "帮我做个", "做一个", "做个", "帮我建一个", "建一个", "建个", "创建一个", "创建", "新建一个", "新建", "帮我写一个",
        "写一个", "写个", "来一个", "来个", "一个", "一份",
    ]
    static let listWords = ["待办清单", "待办事项", "待办列表", "任务清单", "任务列表", "清单", "列表", "计划", "待办",
                            "购物单", "todo", "checklist"]
    /// A header that is only a list word: the list is then called `genericListTitle`.
    static let genericListTitle = "待办清单"
    /// "清单，包括牛奶、面包": what follows are the items.
    static let listItemsMarkers = ["包括", "包含"]
    /// Between items; "和", "还有" join the last two.
    static let itemSeparators: Set<Character> = ["、", "，", ",", "；", ";", "\n"]
    static let lastItemJoiners = ["还有", "以及", "和", "跟"]

    /// Agenda questions, and whether they mean the coming days (tasks) or today (plans) when alone.
    static let agendaKeywords: [(String, upcomingWhenAlone: Bool)] = [
        ("有什么安排", false), ("有啥安排", false), ("有哪些安排", false), ("安排是什么", false), ("什么安排", false),
        ("有什么事情", false), ("有什么事", false), ("有啥事", false), ("有什么计划", false), ("要做什么", false),
        ("要干什么", false), ("有什么任务", true), ("有哪些任务", true), ("的安排", false), ("的日程", false), ("日程", false),
        ("安排", false), ("待办事项", true), ("待办", true), ("任务", true), ("有什么", false),
    ]
    /// Words around an agenda period that do not change it ("看看我这周的安排").
    static let agendaFillers = ["看一下", "看一看", "看看", "查一下", "查看", "显示", "列出", "告诉我", "帮我", "我的", "所有",
                                "全部", "都", "还", "我", "一下", "的"]

    /// Date questions: what ends them ("下周五是几号").
    static let dateQuestionEndings = [
        "是几月几号", "是几月几日", "是什么日期", "是哪一天", "是什么日子", "是星期几", "是礼拜几", "是几号", "是几日",
        "是周几", "是哪天", "几月几号", "几月几日", "的日期", "星期几", "礼拜几", "几号", "周几", "日期",
    ]
    /// What comes before a date question when it asks about today ("今天几号", "几号").
    static let todayQuestions: Set<String> = ["", "今天", "现在", "今儿", "今日", "今天是"]
    static let today = "今天"

    static let completeOpenings = ["我已经完成了", "我已经做完了", "我完成了", "我做完了", "已经完成了", "完成了", "做完了",
                                   "已完成", "完成", "勾掉", "划掉"]
    static let completeEndings = ["已经做完了", "已经完成了", "标记为已完成", "标记为完成", "标记成完成", "标为已完成", "标为完成",
                                  "标记完成", "设为完成", "做完了", "完成了", "已完成", "搞定了", "弄完了", "办完了", "做好了",
                                  "办好了", "勾掉", "划掉"]
    static let deleteOpenings = ["删除", "删掉", "删了", "移除", "去掉", "取消"]
    static let deleteEndings = ["删除掉", "删除", "删掉", "删了", "移除", "去掉", "取消掉", "取消"]
    /// Words around a task title that are not the title ("把这个任务删掉").
    static let titleWrappers = ["这个任务", "那个任务", "的任务", "任务", "这个提醒", "的提醒", "提醒", "这个", "那个",
                                "这件事", "已经", "把"]
}
