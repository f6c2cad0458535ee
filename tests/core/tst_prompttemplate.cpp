// The prompt renderer against outputs worked out by hand from Jinja's documented defaults (autoescape off,
// trim_blocks/lstrip_blocks off, keep_trailing_newline off) and Python's `%` formatting and str().

#include "surrogate/promptset.h"
#include "surrogate/prompttemplate.h"
#include "testutils.h"

#include <QTest>

#include <fstream>
#include <sstream>

#include "testmain.h"

namespace tst_prompttemplate {
namespace {

using namespace kfx;
using namespace kfx::surrogate;

namespace {

std::string render(std::string_view source, const TemplateValue &context = TemplateValue::Map{})
{
    return PromptTemplate::parse(source).render(context);
}

std::string repeated(std::string_view piece, int times)
{
    std::string text;
    for (int i = 0; i < times; ++i)
        text += piece;
    return text;
}

TemplateValue sampleContext()
{
    return TemplateValue::Map{
        {"x", "1"},
        {"yes", true},
        {"no", false},
        {"nothing", TemplateValue::None{}},
        {"n", 80.0},
        {"tiny", 1e-5},
        {"huge", 1e16},
        {"cc", TemplateValue::List{8, 0}},
        {"task", TemplateValue::Map{{"op_name", "trimul"}, {"level_id", 0}}},
    };
}

KernelRuntimeQuery sampleQuery(bool withHardware)
{
    KernelRuntimeQuery query;
    query.task.opName = "trimul";
    query.reference = {"reference", "import torch", std::nullopt};
    query.candidate = {"candidate", "@triton.jit\ndef k(): pass", std::nullopt};
    if (withHardware)
        query.hardware = knownHardware("NVIDIA A100-SXM4-80GB");
    return query;
}

} // namespace

class TestPromptTemplate : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void substitutes_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("expected");
        QTest::newRow("plain") << "a {{ x }} b"
                               << "a 1 b";
        QTest::newRow("one trailing newline dropped") << "a\n\n"
                                                      << "a\n";
        QTest::newRow("crlf normalised") << "a\r\nb\r\n"
                                         << "a\nb";
        QTest::newRow("attribute") << "{{ task.op_name }} (Level {{ task.level_id }})"
                                   << "trimul (Level 0)";
        QTest::newRow("subscripts") << "{{ cc[0] }}.{{ cc[1] }}|{{ cc.0 }}"
                                    << "8.0|8";
        QTest::newRow("python str") << "{{ n }} {{ yes }} {{ nothing }} {{ cc }} [{{ missing }}]"
                                    << "80.0 True None [8, 0] []";
        QTest::newRow("float repr") << "{{ 0.1 }} {{ tiny }} {{ huge }} {{ 2.50 }}"
                                    << "0.1 1e-05 1e+16 2.5";
        QTest::newRow("format f") << "{{ \"%.1f\"|format(n) }} GB, {{ \"%.2f\"|format(1.512) }}"
                                  << "80.0 GB, 1.51";
        QTest::newRow("format int and text") << "{{ '%5d|%-4s|%%'|format(42, x) }}"
                                             << "   42|1   |%";
        QTest::newRow("format of int with f") << "{{ '%.2f'|format(2) }}"
                                              << "2.00";
        QTest::newRow("if on its own line keeps both newlines") << "A\n{% if yes %}\nH\n{% endif %}\nB"
                                                                << "A\n\nH\n\nB";
        QTest::newRow("false if leaves a blank line") << "A\n{% if no %}\nH\n{% endif %}\nB"
                                                      << "A\n\nB";
        QTest::newRow("else and elif") << "{% if no %}a{% elif nothing %}b{% else %}c{% endif %}"
                                       << "c";
        QTest::newRow("elif taken") << "{% if no %}a{% elif yes %}b{% else %}c{% endif %}"
                                    << "b";
        QTest::newRow("not") << "{% if not missing %}absent{% endif %}"
                             << "absent";
        QTest::newRow("nested") << "{% if yes %}[{% if no %}x{% else %}y{% endif %}]{% endif %}"
                                << "[y]";
        QTest::newRow("whitespace control") << "a  {%- if yes %} b {% endif -%}  c"
                                            << "a b c";
        QTest::newRow("comment") << "a{# note #}b"
                                 << "ab";
        QTest::newRow("nesting within the limit")
            << QString::fromStdString("{{ " + repeated("(", 90) + "x" + repeated(")", 90) + " }}"
                                      + repeated("{% if yes %}", 90) + "!" + repeated("{% endif %}", 90))
            << "1!";
        QTest::newRow("lone braces stay") << "{ json: {x} }"
                                          << "{ json: {x} }";
        QTest::newRow("None attribute is undefined") << "[{{ nothing.device_name }}]"
                                                     << "[]";
    }

    void substitutes()
    {
        QFETCH(QString, source);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(render(source.toStdString(), sampleContext())), expected);
    }

    void rejectsWhatItDoesNotImplement_data()
    {
        QTest::addColumn<QString>("source");
        QTest::newRow("unknown filter") << "{{ x|upper }}";
        QTest::newRow("for loop") << "{% for a in cc %}{% endfor %}";
        QTest::newRow("unclosed if") << "{% if yes %}a";
        QTest::newRow("stray endif") << "a{% endif %}";
        QTest::newRow("unclosed output") << "{{ x";
        QTest::newRow("attribute of undefined") << "{{ missing.name }}";
        QTest::newRow("f format of text") << "{{ '%.1f'|format(x) }}";
        QTest::newRow("too few format arguments") << "{{ '%d %d'|format(1) }}";
        // Found by fuzz_prompt_template: these used to escape as std::out_of_range and std::length_error.
        QTest::newRow("integer beyond 64 bits") << "{{ 99999999999999999999 }}";
        QTest::newRow("subscript beyond 64 bits") << "{{ cc[99999999999999999999] }}";
        QTest::newRow("float beyond double") << QString::fromStdString("{{ 1" + std::string(400, '0') + ".0 }}");
        QTest::newRow("width beyond an int") << "{{ '%99999999999s'|format(x) }}";
        QTest::newRow("precision beyond reason") << "{{ '%.1001f'|format(n) }}";
        // Found by fuzz_prompt_template in CI: thousands of parentheses overflowed the parser's stack.
        QTest::newRow("parentheses too deep")
            << QString::fromStdString("{{ " + repeated("(", 5000) + "x" + repeated(")", 5000) + " }}");
        QTest::newRow("not too deep") << QString::fromStdString("{{ " + repeated("not ", 5000) + "x }}");
        QTest::newRow("member chain too long") << QString::fromStdString("{{ task" + repeated(".a", 5000) + " }}");
        QTest::newRow("filter chain too long")
            << QString::fromStdString("{{ '%s'" + repeated("|format(x)", 5000) + " }}");
        QTest::newRow("if too deep") << QString::fromStdString(repeated("{% if yes %}", 5000)
                                                               + repeated("{% endif %}", 5000));
    }

    void rejectsWhatItDoesNotImplement()
    {
        QFETCH(QString, source);
        KFX_VERIFY_THROWS(TemplateError, render(source.toStdString(), sampleContext()));
    }

    // The built-in user template with and without hardware, laid out as jinja2 lays it out: the `{% if %}`
    // and `{% endif %}` lines each leave their newline behind.
    void builtInUserTemplate()
    {
        const auto with = PromptSet::builtIn(false).render(sampleQuery(true)).user;
        QVERIFY(with.find("def k(): pass\n```\n\n## Hardware\n") != std::string::npos);
        QVERIFY(with.find("| Compute capability | 8.0 |\n| Global memory | 80.0 GB |\n") != std::string::npos);
        QVERIFY(with.find("| Memory clock | 1.51 GHz |\n| Memory bus width | 5120 bits |\n\nCompare")
                != std::string::npos);
        QVERIFY(with.ends_with("`submit_kernel_runtime_estimate` once with your estimate."));
        const auto without = PromptSet::builtIn(false).render(sampleQuery(false)).user;
        QVERIFY(without.find("def k(): pass\n```\n\nCompare the two kernels") != std::string::npos);
        QVERIFY(without.find("Hardware") == std::string::npos);
        const auto defer = PromptSet::builtIn(true).render(sampleQuery(false));
        QVERIFY(defer.user.find("`defer_to_real_evaluator`") != std::string::npos);
        QVERIFY(defer.system.find("`submit_kernel_runtime_estimate`") != std::string::npos);
    }

    // The shipped template files are what kfx builds in: users start from these copies.
    void shippedFilesMatchBuiltIn()
    {
        const std::string dir = KFX_TEST_DATA_DIR "/../../resources/prompts/";
        const auto fromFiles = PromptSet::fromFiles(dir + "system.j2", dir + "user.j2");
        QCOMPARE(fromFiles.hash(), PromptSet::builtIn(false).hash());
        QVERIFY(fromFiles.hash() != PromptSet::builtIn(true).hash());
    }
};

KFX_TEST_GUILESS_MAIN(TestPromptTemplate)

} // namespace
} // namespace tst_prompttemplate

#include "tst_prompttemplate.moc"
